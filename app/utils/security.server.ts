import { randomBytes } from 'node:crypto';

/** Security headers for every response, and the same-origin rule for state-changing requests. */
export const newNonce = () => randomBytes(16).toString('base64');

export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const BASE_HEADERS: Record<string, string> = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/**
 * A non-GET request is accepted only from our own origin: the Origin header (or, failing
 * that, Sec-Fetch-Site) must say so. Requests with neither (curl, server-to-server) pass:
 * a browser always sends one of them on a cross-site POST.
 */
export function isCrossSiteWrite(input: {
  method: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  ownOrigins: string[];
}) {
  const m = input.method.toUpperCase();
  if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS') return false;
  if (input.origin && input.origin !== 'null') return !input.ownOrigins.includes(input.origin);
  if (input.origin === 'null') return true;
  if (input.secFetchSite) return !['same-origin', 'none'].includes(input.secFetchSite);
  return false;
}
