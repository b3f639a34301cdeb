import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '@modules/identity/index.server';

/** Security headers for every response, and the same-origin rule for state-changing requests. */

/**
 * A fresh CSP nonce per response: 16 bytes from the CSPRNG, base64. The bytes come from a 4 KB
 * block filled by `randomBytes` and used 16 bytes at a time, never twice (one CSPRNG call per
 * 256 responses instead of one each: the call and its Buffer were ~2 % of the bare route's CPU).
 */
const NONCE_BYTES = 16;
const NONCE_BLOCK = NONCE_BYTES * 256;
let nonceBlock = Buffer.alloc(0);
let nonceAt = 0;
export function newNonce(): string {
  if (nonceAt + NONCE_BYTES > nonceBlock.length) {
    nonceBlock = randomBytes(NONCE_BLOCK);
    nonceAt = 0;
  }
  const nonce = nonceBlock.toString('base64', nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

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
  path?: string;
}) {
  const m = input.method.toUpperCase();
  if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS') return false;
  if (input.path !== undefined && CROSS_SITE_POST_PATHS.has(input.path)) return false;
  if (input.origin && input.origin !== 'null') return !input.ownOrigins.includes(input.origin);
  if (input.origin === 'null') return true;
  if (input.secFetchSite) return !['same-origin', 'none'].includes(input.secFetchSite);
  return false;
}

/**
 * Paths an identity provider's page posts to from its own origin (the SAML HTTP-POST binding, decision
 * 292). The post itself is the proof: a signed assertion, in response to a request of ours whose
 * single-use state the browser's cookie must match on the callback that follows.
 */
export const CROSS_SITE_POST_PATHS = new Set(['/auth/sso/saml']);

export const HOST_MISMATCH_MESSAGE =
  'This form was sent to an address that does not match the site. If a proxy rewrites the Host header, it must pass the original host in X-Forwarded-Host.';

/**
 * Remix refuses a document POST/PUT/PATCH/DELETE whose Origin host differs from X-Forwarded-Host (or,
 * without it, Host), with an empty 500 (throwIfPotentialCSRFAttack). Behind a proxy that rewrites Host
 * an Origin matching PUBLIC_URL passes our own check but not Remix's: server.ts answers this case
 * first with a clear 403. Resource routes (/api) and data requests (?_data) are not checked by Remix.
 */
export function remixWouldRefuseOrigin(input: {
  method: string;
  path: string;
  search: string;
  origin: string | undefined;
  host: string | undefined;
  forwardedHost: string | undefined;
}): boolean {
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(input.method.toUpperCase())) return false;
  if (input.path.startsWith('/api/') || new URLSearchParams(input.search).has('_data')) return false;
  if (CROSS_SITE_POST_PATHS.has(input.path)) return false;
  if (!input.origin) return false;
  if (input.origin === 'null') return true;
  let originHost: string;
  try {
    originHost = new URL(input.origin).host;
  } catch {
    return true;
  }
  const host = input.forwardedHost?.split(',')[0]?.trim() || input.host;
  return !host || originHost !== host;
}

/**
 * Cache-Control: no-store (issue 7, item 12) on every /api answer (some carry a session token) and on
 * any answer to a request that carries a session (cookie or x-access-token) or that sets a cookie, so
 * a signed-in page is never kept by a shared cache or the browser's back-forward history on a shared
 * computer. A Cache-Control a route chose itself (immutable blobs) stays, outside /api.
 */
export function needsNoStore(input: { path: string; cookieHeader: string | undefined; hasToken: boolean; setsCookie: boolean; current: unknown }): boolean {
  if (input.path.startsWith('/api/')) return true;
  if (input.current !== undefined && input.current !== null && input.current !== '') return false;
  const hasSessionCookie = (input.cookieHeader ?? '').split(';').some((c) => c.trim().startsWith(`${SESSION_COOKIE}=`) && c.trim().length > SESSION_COOKIE.length + 1);
  return hasSessionCookie || input.hasToken || input.setsCookie;
}
