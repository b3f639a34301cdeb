import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import type { ActionFunctionArgs } from '@remix-run/node';
import { GENERIC_ERROR, getDb, isDomainError } from '@modules/shared/index.server';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD, uploadFiles, type UploadKind } from '@modules/social/index.server';
import { apiError } from './api.server';
import { allowUpload, isTooLarge } from './body-limit.server';
import { boundaryOf, parseMultipart, type MultipartPart } from './multipart.server';
import { UNREADABLE_FORM as UNREADABLE } from './form.server';
import { requireApiUser } from './session.server';

/** What /api/file/* and the post editor accept in one request: its files and the form around them. */
export const UPLOAD_LIMIT = MAX_FILES_PER_UPLOAD * MAX_FILE_BYTES + 64 * 1024;
/** A text field of a multipart form. */
const MAX_TEXT_PART_BYTES = 64 * 1024;

const isMultipart = (request: Request) => /^multipart\/form-data/i.test(request.headers.get('content-type') ?? '');

/**
 * The parts of a multipart body, read whole within `maxBytes` (declared to the web server first, so
 * it counts the body against this route's limit as it arrives). Throws apiError: 413 past the limit
 * or a file past MAX_FILE_BYTES, 400 for a body that is not multipart.
 */
export async function readParts(request: Request, context: AppLoadContext, maxBytes: number, unreadable = UNREADABLE): Promise<MultipartPart[]> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw apiError(413, 'The upload is too large.');
  allowUpload(request, context, maxBytes);
  let body: Uint8Array;
  try {
    body = new Uint8Array(await request.arrayBuffer());
  } catch (error) {
    if (isTooLarge(error)) throw apiError(413, 'The upload is too large.');
    throw apiError(400, unreadable);
  }
  if (body.byteLength > maxBytes) throw apiError(413, 'The upload is too large.');
  const boundary = boundaryOf(request.headers.get('content-type'));
  let parts: MultipartPart[];
  try {
    if (!boundary) throw new Error('no boundary');
    parts = parseMultipart(body, boundary);
  } catch {
    throw apiError(400, unreadable);
  }
  for (const p of parts) {
    if (p.filename !== null && p.bytes.byteLength > MAX_FILE_BYTES) throw apiError(413, 'The file is too large.');
    if (p.filename === null && p.bytes.byteLength > MAX_TEXT_PART_BYTES) throw apiError(400, unreadable);
  }
  return parts;
}

const filesOf = (parts: MultipartPart[]) =>
  parts.filter((p) => p.name === 'files' && p.filename !== null).map((p) => ({ name: p.filename!, bytes: p.bytes }));

/**
 * Reads the multipart field 'files' (each file at most MAX_FILE_BYTES) as name + bytes; the name as
 * sent (';', '=' and '"' included: safeFileName cleans it where it is stored). `maxBytes` is the
 * whole body's limit for this route.
 */
export async function readUploadedFiles(request: Request, context: AppLoadContext, maxBytes = UPLOAD_LIMIT): Promise<{ name: string; bytes: Uint8Array }[]> {
  if (!isMultipart(request)) throw apiError(400, "Send the files as multipart/form-data in the field 'files'.");
  return filesOf(await readParts(request, context, maxBytes, 'The upload could not be read.'));
}

/**
 * A screen's form POST that may carry files (a plain HTML form, multipart, JavaScript or not): the
 * text fields as FormData and the non-empty parts of the field 'files' as name + bytes. A urlencoded
 * POST answers its fields and no files. An upload too large or unreadable throws apiError (4xx).
 */
export async function readFormWithFiles(request: Request, context: AppLoadContext, maxBytes = UPLOAD_LIMIT): Promise<{ form: FormData; files: { name: string; bytes: Uint8Array }[] }> {
  if (!isMultipart(request)) {
    try {
      return { form: await request.formData(), files: [] };
    } catch {
      throw apiError(400, UNREADABLE);
    }
  }
  const parts = await readParts(request, context, maxBytes, UNREADABLE);
  const form = new FormData();
  const decoder = new TextDecoder();
  for (const p of parts) {
    if (p.name === 'files') continue;
    if (p.filename === null) form.append(p.name, decoder.decode(p.bytes));
    // The parts are views into the body's own ArrayBuffer (request.arrayBuffer()).
    else form.append(p.name, new File([p.bytes as Uint8Array<ArrayBuffer>], p.filename, { type: p.contentType ?? 'application/octet-stream' }));
  }
  return { form, files: filesOf(parts).filter((f) => f.bytes.byteLength > 0) };
}

/**
 * An /api route that takes files: a signed-in user POSTs the multipart field 'files' (the body within
 * `maxBytes`); `handle` stores them and its answer is the JSON reply (or a Response of its own). A refusal
 * is { errorMsg } with its status, anything else a logged 500.
 */
export function filesRoute<R>(opts: { maxBytes?: number; maxFiles: number; handle: (userId: number, files: { name: string; bytes: Uint8Array }[]) => Promise<R | Response> }) {
  const loader = async () => apiError(405, 'Use POST for this path.');
  const action = async ({ request, context }: ActionFunctionArgs) => {
    try {
      if (request.method !== 'POST') return apiError(405, 'Use POST for this path.');
      const auth = await requireApiUser(request, context);
      const answer = await opts.handle(auth.user.userId, await readUploadedFiles(request, context, opts.maxBytes));
      return answer instanceof Response ? answer : Response.json(answer);
    } catch (error) {
      if (error instanceof Response) return error;
      if (isDomainError(error)) return apiError(error.status, error.message);
      context.log.error({ err: error }, 'upload error');
      return apiError(500, GENERIC_ERROR);
    }
  };
  // The multipart body, for the generated OpenAPI document (app/utils/openapi.server.ts).
  return { loader, action: Object.assign(action, { multipartSchema: uploadBody(opts.maxFiles), access: 'user' as const }) };
}

/** The /api/file/* routes: each file checked by its content and stored as the caller's. */
export const uploadRoute = (kind: UploadKind) =>
  filesRoute({ maxFiles: MAX_FILES_PER_UPLOAD, handle: (userId, files) => uploadFiles(getDb(), userId, kind, files) });

/** What an /api/file/* request carries: up to `max` files in the multipart field 'files' (for the OpenAPI document). */
export const uploadBody = (max: number) => z.object({ files: z.array(z.file()).min(1).max(max).describe('The files, each checked by its content') });
