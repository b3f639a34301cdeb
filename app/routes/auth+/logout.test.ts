import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { action, loader } from './logout';
import * as login from './login';
import * as authenticate from '../api+/auth+/authenticate';
import { args, formRequest, getRequest, jsonRequest, run } from '../../../tests/support/remix';
import { makeUser, signIn } from '../../../tests/support/factories';

const whoIs = async (opts: { cookie?: string; token?: string }) => {
  const res = await run(() => authenticate.action(args(jsonRequest('/api/auth/authenticate', {}, opts))));
  return (res.data as { user: { userId: number } | null }).user?.userId ?? null;
};

describe('/auth/logout', () => {
  it('ends the session on the server, clears the cookie and goes to /', async () => {
    const u = await makeUser();
    const { cookie, token } = await signIn(u.userId);
    const other = await signIn(u.userId);
    expect(await whoIs({ cookie })).toBe(u.userId);

    const res = await run(() => action(args(formRequest('/auth/logout', {}, { cookie }))));
    expect(res.status).toBe(302);
    expect(res.location).toBe('/');
    expect(res.headers.get('set-cookie')).toMatch(/^leda_session=;.*Max-Age=0/i);

    // A copy of the old cookie (or the same id as x-access-token) no longer signs anyone in.
    expect(await whoIs({ cookie })).toBeNull();
    expect(await whoIs({ token })).toBeNull();
    const row = await getDb().selectFrom('sessions').select('id').where('id', '=', token).executeTakeFirst();
    expect(row).toBeUndefined();
    // The log out is recorded as an event of this user.
    const event = await getDb().selectFrom('page_events').select(['event', 'user_id', 'path']).where('user_id', '=', u.userId).executeTakeFirst();
    expect(event).toEqual({ event: 'logout', user_id: u.userId, path: '/auth/logout' });
    // Only this session ended: the user's other device stays signed in.
    expect(await whoIs({ cookie: other.cookie })).toBe(u.userId);
    // And the login page shows the form again.
    const page = await run(() => login.loader(args(getRequest('/auth/login', { cookie }))));
    expect(page.status).toBe(200);
  });

  it('a GET changes nothing and goes to /', async () => {
    const u = await makeUser();
    const { cookie } = await signIn(u.userId);
    const res = await run(() => loader());
    expect(res.status).toBe(302);
    expect(res.location).toBe('/');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await whoIs({ cookie })).toBe(u.userId);
  });

  it('logging out without a session still clears the cookie and goes to /', async () => {
    const res = await run(() => action(args(formRequest('/auth/logout', {}, { cookie: 'leda_session=abcdefghijklmnopqrstuvwxyz' }))));
    expect(res.location).toBe('/');
    expect(res.headers.get('set-cookie')).toMatch(/^leda_session=;/);
  });
});
