import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { logger } from '@modules/shared/index.server';

/**
 * A URL whose path or query has a percent-encoding that is not UTF-8 (`/%FF`, `/articles/%ED%A0%80`
 * a lone surrogate, `%C0%AF` an overlong '/', a lone `%`) is answered 400 here, before Express's
 * router (its `app.all('*')` param decode throws a URIError that used to end as a 500 with an
 * error-level stack trace) and before Remix (which would pass the raw, undecoded text on as a
 * param). One place for the whole class (docs/decisions/249-malformed-urls-and-query-numbers.md).
 */
export const MALFORMED_URL_MESSAGE = 'This address is not valid: it has a bad percent-encoding (a % not followed by UTF-8 bytes). Check the link and try again.';

/** The first part of a request target (`/path?query`) that cannot be percent-decoded as UTF-8, or null. */
export function undecodablePart(target: string): 'path' | 'query' | null {
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  const query = q === -1 ? '' : target.slice(q + 1);
  if (!decodes(path)) return 'path';
  if (!decodes(query)) return 'query';
  return null;
}

function decodes(s: string) {
  if (!s.includes('%')) return true;
  try {
    decodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
}

/** Express middleware: 400 with a clear message (JSON `{ errorMsg }` under /api), logged at info. */
export function refuseMalformedUrl(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  const part = undecodablePart(req.originalUrl);
  if (!part) return next();
  logger().info({ method: req.method, url: req.originalUrl.slice(0, 300), part }, 'malformed URL refused (400)');
  res.status(400);
  if (req.originalUrl.startsWith('/api/')) res.type('application/json').send(JSON.stringify({ errorMsg: MALFORMED_URL_MESSAGE }));
  else res.type('text/plain').send(MALFORMED_URL_MESSAGE);
}
