import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, isCrossSiteWrite, needsNoStore, newNonce, remixWouldRefuseOrigin } from './security.server';

/** The same-origin rule server.ts applies to every non-GET request, and the CSP it sends. */
const OWN = ['https://leda.example', 'http://localhost:3000'];
const check = (method: string, origin?: string, secFetchSite?: string) => isCrossSiteWrite({ method, origin, secFetchSite, ownOrigins: OWN });

describe('isCrossSiteWrite', () => {
  it('lets every read through, whatever the headers say', () => {
    for (const m of ['GET', 'HEAD', 'OPTIONS', 'get']) expect(check(m, 'https://evil.example', 'cross-site')).toBe(false);
  });

  it('accepts a write from one of our own origins', () => {
    expect(check('POST', 'https://leda.example')).toBe(false);
    expect(check('post', 'http://localhost:3000', 'same-origin')).toBe(false);
    expect(check('DELETE', 'https://leda.example', 'same-origin')).toBe(false);
  });

  it('refuses a write from another origin, even one that looks like ours', () => {
    expect(check('POST', 'https://evil.example')).toBe(true);
    expect(check('POST', 'https://leda.example.evil.example')).toBe(true);
    expect(check('POST', 'http://leda.example')).toBe(true);
    expect(check('POST', 'https://leda.example:8443')).toBe(true);
    // Origin wins over a Sec-Fetch-Site that claims otherwise.
    expect(check('PUT', 'https://evil.example', 'same-origin')).toBe(true);
  });

  it("refuses the opaque origin 'null' (sandboxed frames, data: pages, some redirects)", () => {
    expect(check('POST', 'null')).toBe(true);
    expect(check('POST', 'null', 'same-origin')).toBe(true);
  });

  it('falls back to Sec-Fetch-Site when there is no Origin', () => {
    expect(check('POST', undefined, 'cross-site')).toBe(true);
    expect(check('POST', undefined, 'same-site')).toBe(true);
    expect(check('POST', undefined, 'same-origin')).toBe(false);
    expect(check('POST', undefined, 'none')).toBe(false);
  });

  it('lets a write with neither header through (not a browser: curl, server to server)', () => {
    expect(check('POST', undefined, undefined)).toBe(false);
    expect(check('POST', '', '')).toBe(false);
  });
});

describe('contentSecurityPolicy', () => {
  it('allows scripts only from us or with this response’s nonce, and no framing', () => {
    const csp = contentSecurityPolicy('abc123');
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toMatch(/'unsafe-eval'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
  });
});

describe('remixWouldRefuseOrigin (issue 7, item 10)', () => {
  // Remix's own check, which answers an empty 500 when it throws: ours must predict it exactly.
  const remixThrows = async (headers: Record<string, string>) => {
    const { throwIfPotentialCSRFAttack } = (await import('@remix-run/server-runtime/dist/actions.js')) as {
      throwIfPotentialCSRFAttack: (h: Headers) => void;
    };
    try {
      throwIfPotentialCSRFAttack(new Headers(headers));
      return false;
    } catch {
      return true;
    }
  };
  const CASES: { origin?: string; host?: string; forwardedHost?: string }[] = [
    { origin: 'https://leda.example', host: 'leda.example' },
    { origin: 'https://leda.example', host: 'app:3000' },
    { origin: 'https://leda.example', host: 'app:3000', forwardedHost: 'leda.example' },
    { origin: 'https://leda.example', host: 'leda.example', forwardedHost: 'other.example' },
    { origin: 'https://leda.example', host: 'app:3000', forwardedHost: 'leda.example, proxy.internal' },
    { origin: 'http://localhost:3000', host: 'localhost:3000' },
    { origin: 'http://localhost:3000', host: '127.0.0.1:3000' },
    { host: 'app:3000' },
    { origin: 'null', host: 'app:3000' },
  ];

  it('predicts every case in which Remix would refuse a form POST, so server.ts answers a clear 403 first', async () => {
    for (const c of CASES) {
      const headers: Record<string, string> = {};
      if (c.origin) headers.origin = c.origin;
      if (c.host) headers.host = c.host;
      if (c.forwardedHost) headers['x-forwarded-host'] = c.forwardedHost;
      const ours = remixWouldRefuseOrigin({ method: 'POST', path: '/auth/login', search: '', origin: c.origin, host: c.host, forwardedHost: c.forwardedHost });
      expect(ours, JSON.stringify(c)).toBe(await remixThrows(headers));
    }
    // The probe: Origin is our PUBLIC_URL, the proxy rewrote Host.
    expect(remixWouldRefuseOrigin({ method: 'POST', path: '/auth/login', search: '', origin: 'https://leda.example', host: 'app:3000', forwardedHost: undefined })).toBe(true);
  });

  it('leaves reads, /api and data requests alone (Remix does not check them)', () => {
    const base = { origin: 'https://leda.example', host: 'app:3000', forwardedHost: undefined };
    expect(remixWouldRefuseOrigin({ ...base, method: 'GET', path: '/auth/login', search: '' })).toBe(false);
    expect(remixWouldRefuseOrigin({ ...base, method: 'POST', path: '/api/auth/login', search: '' })).toBe(false);
    expect(remixWouldRefuseOrigin({ ...base, method: 'POST', path: '/auth/login', search: '?_data=routes%2Fauth.login' })).toBe(false);
  });
});

describe('needsNoStore (issue 7, item 12)', () => {
  const base = { path: '/app/team', cookieHeader: undefined as string | undefined, hasToken: false, setsCookie: false, current: undefined as unknown };
  it('every /api answer, whatever it carries', () => {
    expect(needsNoStore({ ...base, path: '/api/auth/login' })).toBe(true);
    expect(needsNoStore({ ...base, path: '/api/public/getPublicContents', current: 'public, max-age=60' })).toBe(true);
  });
  it('any page for a request with a session cookie or token, or an answer that sets a cookie', () => {
    expect(needsNoStore({ ...base, cookieHeader: 'theme=dark; leda_session=abc123def456ghi789jk' })).toBe(true);
    expect(needsNoStore({ ...base, path: '/', hasToken: true })).toBe(true);
    expect(needsNoStore({ ...base, path: '/auth/login', setsCookie: true })).toBe(true);
  });
  it('leaves anonymous pages and a route’s own choice (immutable blobs) alone', () => {
    expect(needsNoStore({ ...base, path: '/' })).toBe(false);
    expect(needsNoStore({ ...base, cookieHeader: 'leda_session=; theme=dark' })).toBe(false);
    expect(needsNoStore({ ...base, path: '/blobs/x', cookieHeader: 'leda_session=abc123def456ghi789jk', current: 'public, max-age=31536000, immutable' })).toBe(false);
  });
});

describe('newNonce', () => {
  it('gives every response its own 16-byte nonce, across more than one block of random bytes', () => {
    const nonces = Array.from({ length: 1000 }, newNonce);
    expect(new Set(nonces).size).toBe(1000);
    for (const n of nonces) expect(Buffer.from(n, 'base64')).toHaveLength(16);
  });
});
