import type { z } from 'zod';
import { getDb, hasLoneSurrogate, isDomainError, logger } from '@modules/shared/index.server';
import { parseScimFilter } from './scim-filter';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-discovery';
import { createScimGroup, deleteScimGroup, getScimGroup, listScimGroups, patchScimGroup, replaceScimGroup } from './scim-groups.server';
import { SCIM, SCIM_CONTENT_TYPE, SCIM_MAX_RESULTS, ScimError, scimErrorBody, scimGroupBody, scimPatchBody, scimUserBody } from './scim-schemas';
import { organisationOfScimToken } from './scim-tokens.server';
import { createScimUser, deleteScimUser, getScimUser, listScimUsers, patchScimUser, replaceScimUser, type ScimScope } from './scim-users.server';

/**
 * /scim/v2/* (RFC 7644): one entry for the resource route. Bearer token first (401), then the
 * resource and method; bodies parsed by zod; every failure in the SCIM error format with its
 * scimType, never a stack trace. Content-Type application/scim+json.
 */
export const SCIM_BODY_LIMIT = 256 * 1024;

const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  status === 204
    ? new Response(null, { status })
    : // no-store: people's data is not cached; no-transform: small bodies are not worth a compression stream each.
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': `${SCIM_CONTENT_TYPE}; charset=utf-8`, 'Cache-Control': 'no-store, no-transform', ...headers } });

const scimError = (e: ScimError) =>
  respond(e.status, scimErrorBody(e), e.status === 401 ? { 'WWW-Authenticate': 'Bearer realm="Leda SCIM"' } : {});

async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(scim\+)?json\b/i.test(type)) throw new ScimError(415, 'Send the body as application/scim+json or application/json.');
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > SCIM_BODY_LIMIT) throw new ScimError(413, 'The request is too large.');
  let text: string;
  try {
    text = await request.text();
  } catch {
    throw new ScimError(413, 'The request body could not be read (too large?).');
  }
  if (text.length > SCIM_BODY_LIMIT) throw new ScimError(413, 'The request is too large.');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ScimError(400, 'The request body is not valid JSON.', 'invalidSyntax');
  }
  if (hasLoneSurrogate(raw)) throw new ScimError(400, 'The request body has text that is not valid Unicode.', 'invalidValue');
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw new ScimError(400, `${where}${issue.message}`, 'invalidValue');
  }
  return parsed.data;
}

function paging(url: URL) {
  const int = (name: string, fallback: number) => {
    const raw = url.searchParams.get(name);
    if (raw === null || raw === '') return fallback;
    if (!/^-?\d{1,9}$/.test(raw)) throw new ScimError(400, `${name} must be a whole number.`, 'invalidValue');
    return Number(raw);
  };
  // RFC 7644 s.3.4.2.4: a startIndex below 1 is 1, a negative count 0; count is capped at maxResults.
  return { startIndex: Math.max(1, int('startIndex', 1)), count: Math.min(SCIM_MAX_RESULTS, Math.max(0, int('count', 100))) };
}

const listResponse = (total: number, startIndex: number, resources: unknown[]) => ({
  schemas: [SCIM.listResponse],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

/** excludedAttributes=members (Entra ID), or attributes that leave members out. */
function wantsMembers(url: URL) {
  const excluded = (url.searchParams.get('excludedAttributes') ?? '').toLowerCase().split(',').map((s) => s.trim());
  if (excluded.includes('members')) return false;
  const attributes = url.searchParams.get('attributes');
  if (attributes) return attributes.toLowerCase().split(',').map((s) => s.trim()).includes('members');
  return true;
}

const METHOD_NOT_ALLOWED = () => new ScimError(405, 'This method is not allowed here.');

async function route(request: Request, segments: string[], organisationId: number | null, baseUrl: string): Promise<Response> {
  const method = request.method.toUpperCase();
  const url = new URL(request.url);
  const [resource, id, ...rest] = segments;
  if (rest.length) throw new ScimError(404, 'Not found.');
  // Discovery answers without a token (RFC 7644 s.4): it says nothing about any organisation.
  if (resource === 'ServiceProviderConfig' && !id) {
    if (method !== 'GET') throw METHOD_NOT_ALLOWED();
    return respond(200, serviceProviderConfig(baseUrl));
  }
  if (resource === 'ResourceTypes' || resource === 'Schemas') {
    if (method !== 'GET') throw METHOD_NOT_ALLOWED();
    const all: { id: string }[] = resource === 'ResourceTypes' ? resourceTypes(baseUrl) : schemas(baseUrl);
    if (!id) return respond(200, listResponse(all.length, 1, all));
    const one = all.find((r) => r.id === decodeURIComponent(id));
    if (!one) throw new ScimError(404, `${resource} ${id.slice(0, 100)} not found.`);
    return respond(200, one);
  }
  if (resource !== 'Users' && resource !== 'Groups') throw new ScimError(404, 'Not found.');
  if (organisationId === null) throw new ScimError(401, 'A valid bearer token is required.');
  const scope: ScimScope = { db: getDb(), organisationId, baseUrl };
  if (resource === 'Users') {
    if (!id) {
      if (method === 'GET') {
        const page = paging(url);
        const out = await listScimUsers(scope, parseScimFilter(url.searchParams.get('filter')), page);
        return respond(200, listResponse(out.total, page.startIndex, out.resources));
      }
      if (method === 'POST') {
        const user = await createScimUser(scope, await readBody(request, scimUserBody));
        return respond(201, user, { Location: user.meta.location });
      }
      throw METHOD_NOT_ALLOWED();
    }
    if (method === 'GET') return respond(200, await getScimUser(scope, id));
    if (method === 'PUT') return respond(200, await replaceScimUser(scope, id, await readBody(request, scimUserBody)));
    if (method === 'PATCH') return respond(200, await patchScimUser(scope, id, (await readBody(request, scimPatchBody)).Operations));
    if (method === 'DELETE') {
      await deleteScimUser(scope, id);
      return respond(204, null);
    }
    throw METHOD_NOT_ALLOWED();
  }
  if (!id) {
    if (method === 'GET') {
      const page = paging(url);
      const out = await listScimGroups(scope, parseScimFilter(url.searchParams.get('filter')), page, { members: wantsMembers(url) });
      return respond(200, listResponse(out.total, page.startIndex, out.resources));
    }
    if (method === 'POST') {
      const group = await createScimGroup(scope, await readBody(request, scimGroupBody));
      return respond(201, group, { Location: group.meta.location });
    }
    throw METHOD_NOT_ALLOWED();
  }
  if (method === 'GET') return respond(200, await getScimGroup(scope, id, { members: wantsMembers(url) }));
  if (method === 'PUT') return respond(200, await replaceScimGroup(scope, id, await readBody(request, scimGroupBody)));
  if (method === 'PATCH') {
    await patchScimGroup(scope, id, (await readBody(request, scimPatchBody)).Operations);
    // RFC 7644 s.3.5.2: 204 when the body is not asked for (Entra ID and Okta both accept it).
    return respond(204, null);
  }
  if (method === 'DELETE') {
    await deleteScimGroup(scope, id);
    return respond(204, null);
  }
  throw METHOD_NOT_ALLOWED();
}

const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';

/** The resource route's loader and action call this with the splat (the path after /scim/v2/). */
export async function handleScimRequest(request: Request, splat: string | undefined): Promise<Response> {
  const url = new URL(request.url);
  const baseUrl = `${url.origin}/scim/v2`;
  try {
    const segments = (splat ?? '').split('/').filter(Boolean);
    const needsToken = segments[0] === 'Users' || segments[0] === 'Groups';
    const organisationId = needsToken ? await organisationOfScimToken(getDb(), request.headers.get('authorization')) : null;
    return await route(request, segments, organisationId, baseUrl);
  } catch (error) {
    if (error instanceof ScimError) return scimError(error);
    if (isUniqueViolation(error)) return scimError(new ScimError(409, 'This resource already exists.', 'uniqueness'));
    if (isDomainError(error)) {
      const scimType = error.status === 409 ? 'uniqueness' : error.status === 400 ? 'invalidValue' : undefined;
      return scimError(new ScimError(error.status, error.message, scimType));
    }
    logger().error({ err: error, path: url.pathname, method: request.method }, 'scim error');
    return scimError(new ScimError(500, 'Something went wrong on our side.'));
  }
}
