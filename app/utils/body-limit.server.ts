import type { IncomingMessage } from 'node:http';
import type { AppLoadContext } from '@remix-run/node';

/**
 * How many bytes of a request body the web process will read (docs/decisions/238). The adapter
 * (remix-express.server.ts) counts the bytes as they stream in, whatever the Content-Length says
 * (a chunked body has none), and answers 413 the moment the count passes the limit: nothing beyond
 * it is buffered, and the rest of the body is never read.
 *
 * The limit starts from the path and content type: /api JSON 256 KB, any other form 1 MB, and a
 * multipart form 1 MB too until the route that reads it declares its own upload limit with
 * allowUpload() before reading (an upload route knows how large its files may be; no other route
 * accepts more than a form).
 */
export const JSON_BODY_LIMIT = 256 * 1024;
export const FORM_BODY_LIMIT = 1024 * 1024;
/** The largest upload any route declares (10 files of 10 MB on /api/file/*, with their multipart framing). */
export const MAX_UPLOAD_LIMIT = 10 * 10 * 1024 * 1024 + 64 * 1024;

export const TOO_LARGE_MESSAGE = 'The request is too large.';

/** The per-request allowance the adapter checks as bytes arrive; an upload route may raise it. */
export interface BodyAllowance {
  bytes: number;
}

const isMultipart = (contentType: string | undefined) => /^multipart\/form-data/i.test(contentType ?? '');

/** The starting limit for a request: /api bodies (JSON) 256 KB, anything else 1 MB. */
export function bodyLimitFor(path: string, contentType: string | undefined): number {
  if (isMultipart(contentType)) return FORM_BODY_LIMIT;
  return path.startsWith('/api/') || /^application\/(?:[\w.+-]*\+)?json/i.test(contentType ?? '') ? JSON_BODY_LIMIT : FORM_BODY_LIMIT;
}

/** A declared Content-Length no route could ever accept: refused before anything is read. */
export function declaredTooLarge(req: IncomingMessage, path: string): boolean {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (!(declared > 0)) return false;
  return declared > (isMultipart(req.headers['content-type']) ? MAX_UPLOAD_LIMIT : bodyLimitFor(path, req.headers['content-type']));
}

/**
 * An upload route's own limit, declared before it reads the body (a no-op outside the web server,
 * e.g. an action called directly by a test, or for a body that is not multipart).
 */
export function allowUpload(request: Request, context: AppLoadContext, bytes: number) {
  const allowance = context.bodyAllowance;
  if (isMultipart(request.headers.get('content-type') ?? undefined)) allowance.bytes = Math.min(bytes, MAX_UPLOAD_LIMIT);
}

/** What reading a body gives once its limit is passed (the adapter has already answered 413). */
export class RequestBodyTooLarge extends Error {
  readonly status = 413;
  constructor(limit: number) {
    super(`request body over its limit of ${limit} bytes`);
    this.name = 'RequestBodyTooLarge';
  }
}

/** The error itself, or a reader's error caused by it (a web stream may wrap what its source threw). */
export function isTooLarge(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) if (e instanceof RequestBodyTooLarge) return true;
  return false;
}
