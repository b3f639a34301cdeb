import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, isCrossSiteWrite } from './security.server';

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
