import { describe, expect, it } from 'vitest';
import { loader as loginLoader, action as loginAction } from '~/routes/auth.login';
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
  '/%0D%0ASet-Cookie:x=1', // stays a path (encoded), allowed
];

describe('safeRedirectPath', () => {
  it('keeps paths inside the site', () => {
    expect(safeRedirectPath('/app/team/3?tab=posts#x', '/home')).toBe('/app/team/3?tab=posts#x');
    expect(safeRedirectPath('/', '/home')).toBe('/');
  });

  it('falls back for anything that could leave the site', () => {
    for (const to of OFFSITE.slice(0, -1)) expect(safeRedirectPath(to, '/home'), JSON.stringify(to)).toBe('/home');
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
    for (const to of ['//evil.example', '/\t/evil.example', 'https://evil.example']) {
      const res = await go(to);
      expect(res.status, to).toBe(302);
      expect(res.location, to).not.toContain('evil');
    }
    expect((await go('/app/🙂')).location).toBe('/app/%F0%9F%99%82');
  });

  it('after a successful login, goes to a safe thenTo only', async () => {
    const u = await makeUser();
    const res = await run(() => loginAction(args(formRequest('/auth/login', { email: u.email, password: u.password, thenTo: '/\t/evil.example' }))));
    expect(res.status).toBe(302);
    expect(res.location).not.toContain('evil');
  });
});
