import type { AppLoadContext } from '@remix-run/node';
import type { z } from 'zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { GENERIC_ERROR, hasLoneSurrogate, isDomainError } from '@modules/shared/index.server';
import type { CurrentUser } from '@modules/identity/index.server';
import { isTooLarge, JSON_BODY_LIMIT } from './body-limit.server';
import { NO_PERMISSION, requireApiProductAdmin, requireApiUser, type AuthState } from './session.server';

/**
 * The one helper behind every /api route: POST only (405 otherwise), a JSON body parsed by a
 * zod schema (400 with errorMsg), a JSON 403 for a missing or rejected token on a protected
 * path, domain errors mapped to their status with errorMsg, never a stack trace.
 */
export const MAX_API_BODY_BYTES = JSON_BODY_LIMIT;

export type Access = 'public' | 'user' | 'productAdmin';

interface ApiOptions<S extends z.ZodType, A extends Access, R> {
  access: A;
  schema: S;
  handler: (args: {
    body: z.infer<S>;
    request: Request;
    context: AppLoadContext;
    auth: A extends 'public' ? AuthState | null : AuthState;
  }) => Promise<R>;
  /** For public paths that still want the session when there is one. */
  optionalAuth?: boolean;
  /**
   * Resource-scoped access: after the session check and the body parse, ask the policy about this
   * resource, e.g. `allow: async (user, body) => policy.canModeratePost(user, await postScope(db, body.postId))`.
   * False answers 403; a domain error (say NotFound) answers its own status.
   */
  allow?: A extends 'public' ? never : (user: CurrentUser, body: z.infer<S>) => boolean | Promise<boolean>;
}

export const apiError = (status: number, errorMsg: string) => Response.json({ errorMsg }, { status });

export const UNPAIRED_SURROGATE = 'The request body has text that is not valid Unicode (an unpaired surrogate such as \\uD800).';

async function readJson(request: Request): Promise<unknown> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_API_BODY_BYTES) throw apiError(413, 'The request is too large.');
  let text: string;
  try {
    text = await request.text();
  } catch (error) {
    // Past the limit while streaming: the web server has answered 413 already (body-limit.server.ts).
    if (isTooLarge(error)) throw apiError(413, 'The request is too large.');
    throw apiError(400, 'The request body could not be read.');
  }
  if (text.length > MAX_API_BODY_BYTES) throw apiError(413, 'The request is too large.');
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw apiError(400, 'The request body is not valid JSON.');
  }
  // '\uD800' alone is valid JSON but not text: refused here for every field of every /api body (decision 250).
  if (hasLoneSurrogate(body)) throw apiError(400, UNPAIRED_SURROGATE);
  return body;
}

export function zodMessage(error: z.ZodError) {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  // zod's own wording ('Invalid input: expected string, received undefined') is not for people.
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
    if (issue.path.length === 0) return 'The request body must be a JSON object.';
    return `${where}${/received undefined/.test(issue.message) ? 'This field is required' : `Expected a ${issue.expected}`}`;
  }
  return issue.code === 'custom' || issue.message.startsWith('Enter') || issue.message.startsWith('Re-enter') || issue.message === 'Passwords do not match'
    ? issue.message
    : `${where}${issue.message}`;
}

export function apiRoute<S extends z.ZodType, A extends Access, R>(opts: ApiOptions<S, A, R>) {
  const loader = async (_args: LoaderFunctionArgs) => apiError(405, 'Use POST for this path.');
  const action = async ({ request, context }: ActionFunctionArgs) => {
    try {
      if (request.method !== 'POST') return apiError(405, 'Use POST for this path.');
      let auth: AuthState | null = null;
      if (opts.access === 'user') auth = await requireApiUser(request, context);
      else if (opts.access === 'productAdmin') auth = await requireApiProductAdmin(request, context);
      else if (opts.optionalAuth) auth = await requireApiUser(request, context).catch(() => null);
      const raw = await readJson(request);
      const parsed = opts.schema.safeParse(raw);
      if (!parsed.success) return refused(request, context, 400, zodMessage(parsed.error));
      if (opts.allow && !(await opts.allow(auth!.user, parsed.data))) return apiError(403, NO_PERMISSION);
      const result = await opts.handler({ body: parsed.data, request, context, auth: auth as never });
      if (result instanceof Response) return result;
      return Response.json(result ?? {});
    } catch (error) {
      if (error instanceof Response) {
        if (error.status === 400 || error.status === 413) context.log.info({ path: new URL(request.url).pathname, status: error.status }, 'api body refused');
        return error;
      }
      if (isDomainError(error)) return apiError(error.status, error.message);
      context.log.error({ err: error, path: new URL(request.url).pathname }, 'api error');
      return apiError(500, GENERIC_ERROR);
    }
  };
  // The body schema and who may call it: for the tests that fuzz every field of every /api path
  // (tests/integration/malformed-input.test.ts) and for the generated OpenAPI document (app/utils/openapi.server.ts).
  return { loader, action: Object.assign(action, { schema: opts.schema as z.ZodType, access: opts.access as Access, optionalAuth: opts.optionalAuth ?? false }) };
}

/** A body the caller can fix: a 4xx with errorMsg, logged at info (not an error of ours). */
function refused(request: Request, context: AppLoadContext, status: number, errorMsg: string) {
  context.log.info({ path: new URL(request.url).pathname, status, errorMsg }, 'api body refused');
  return apiError(status, errorMsg);
}
