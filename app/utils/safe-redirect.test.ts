import { describe, expect, it } from 'vitest';
import { loader as loginLoader, action as loginAction } from '~/routes/auth+/login';
import { loader as rootLoader } from '~/root';
import { safeRedirectPath } from './session.server';
import { args, formRequest, getRequest, run } from '../../tests/support/remix';
import { makeUser, signIn } from '../../tests/support/factories';

/** thenTo and every redirect built from input stay on this site, and never crash on odd characters. */
const OFFSITE = [
  '//evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  'https://evil.example',
  'javascript:alert(1)',
  ' /app',
  'evil.example',
  '\\\\evil.example',
  // dot segments that collapse into a protocol-relative '//host' (issue 7, item 1)
  '/.//evil.example/login',
  '/app/../..//evil.example',
  '/app/../../\\evil.example',
  '/%2e%2e//evil.example',
  '/%2E//evil.example',
  '/app/%2e%2e/%2e%2e//evil.example',
  '/./\\evil.example',
  '/..//evil.example',
  '/.///evil.example',
  '/\t\t/evil.example',
  '/\u000b/evil.example',
  'HTTPS://evil.example',
  'http:evil.example',
  'http://evil.example',
  '///evil.example',
  'data:text/html,x',
  '%2F%2Fevil.example',
  '/%0D%0ASet-Cookie:x=1', // stays a path (encoded), allowed
];

/** What a browser does with the Location header: the page it lands on must be on our origin. */
function landsOnSite(location: string | null) {
  const base = 'https://leda.test';
  return location !== null && new URL(location, base).origin === base && !/^\/[/\\]/.test(location);
}

describe('safeRedirectPath', () => {
  it('keeps paths inside the site', () => {
    expect(safeRedirectPath('/app/team/3?tab=posts#x', '/home')).toBe('/app/team/3?tab=posts#x');
    expect(safeRedirectPath('/', '/home')).toBe('/');
  });

  it('falls back for anything that could leave the site', () => {
    for (const to of OFFSITE.slice(0, -1)) expect(safeRedirectPath(to, '/home'), JSON.stringify(to)).toBe('/home');
    // Paths that only look odd stay usable.
    expect(safeRedirectPath('/app/./team/../home', '/x')).toBe('/app/home');
    expect(safeRedirectPath('/app/%2F%2Fx', '/x')).toBe('/app/%2F%2Fx');
    expect(safeRedirectPath(OFFSITE.at(-1), '/home')).toBe('/%0D%0ASet-Cookie:x=1');
    expect(safeRedirectPath(null, '/home')).toBe('/home');
    expect(safeRedirectPath(`/${'a'.repeat(3000)}`, '/home')).toBe('/home');
  });

  it('answers ASCII, so the Location header can always be set', () => {
    expect(safeRedirectPath('/app/é?q=🙂', '/home')).toBe('/app/%C3%A9?q=%F0%9F%99%82');
  });
});

describe('/auth/login thenTo', () => {
  it('sends a signed-in visitor to thenTo only when it is a path on this site', async () => {
    const u = await makeUser();
    const { cookie } = await signIn(u.userId);
    const go = (thenTo: string) => run(() => loginLoader(args(getRequest(`/auth/login?thenTo=${encodeURIComponent(thenTo)}`, { cookie }))));
    expect((await go('/app/team')).location).toBe('/app/team');
    for (const to of OFFSITE) {
      const res = await go(to);
      expect(res.status, to).toBe(302);
      expect(landsOnSite(res.location), `${JSON.stringify(to)} -> ${res.location}`).toBe(true);
      expect(res.location, to).not.toContain('evil');
    }
    expect((await go('/app/🙂')).location).toBe('/app/%F0%9F%99%82');
  });

  it('after a successful login, goes to a safe thenTo only', async () => {
    for (const [i, thenTo] of OFFSITE.entries()) {
      // A fresh user and client address each time: the login limit is 10 a minute per email and per IP.
      const u = await makeUser();
      const headers = { 'x-test-client-ip': `198.51.100.${i + 1}` };
      const res = await run(() => loginAction(args(formRequest('/auth/login', { email: u.email, password: u.password, thenTo }, { headers }))));
      expect(res.status, thenTo).toBe(302);
      expect(landsOnSite(res.location), `${JSON.stringify(thenTo)} -> ${res.location}`).toBe(true);
      expect(res.location, thenTo).not.toContain('evil');
    }
    const u = await makeUser();
    const ok = await run(() => loginAction(args(formRequest('/auth/login', { email: u.email, password: u.password, thenTo: '/app/team' }, { headers: { 'x-test-client-ip': '198.51.100.200' } }))));
    expect(ok.location).toBe('/app/team');
  });
});

describe('thenTo on any page (root loader)', () => {
  it('sends a signed-in user to a safe thenTo from any page, and ignores an unsafe one', async () => {
    const u = await makeUser();
    const { cookie } = await signIn(u.userId);
    const root = (path: string, opts: { cookie?: string } = {}) => run(() => rootLoader(args(getRequest(path, opts))));
    for (const page of ['/', '/pricing', '/app/home', '/articles']) {
      const res = await root(`${page}?thenTo=${encodeURIComponent('/app/team?x=1')}`, { cookie });
      expect(res.status, page).toBe(302);
      expect(res.location, page).toBe('/app/team?x=1');
    }
    for (const to of OFFSITE.slice(0, -1)) {
      const res = await root(`/pricing?thenTo=${encodeURIComponent(to)}`, { cookie });
      expect(res.status, to).toBe(200);
    }
    // Anonymous visitors stay where they are (the login page keeps thenTo for after sign-in).
    expect((await root(`/pricing?thenTo=${encodeURIComponent('/app/team')}`)).status).toBe(200);
  });
});
