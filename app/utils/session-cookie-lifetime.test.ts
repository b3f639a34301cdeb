import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { getDb } from '@modules/shared/index.server';
import { DAY } from '@modules/shared/clock';
import { SESSION_ABSOLUTE_LIFETIME_MS, startSession } from '@modules/identity/index.server';
import { getAuth } from './session.server';
import { contextFor, getRequest } from '../../tests/support/remix';
import { makeUser, signIn } from '../../tests/support/factories';

/**
 * Issue 7, item 12: a session cookie the server rejects is cleared in the answer, and the cookie's
 * Max-Age never reaches past the session's absolute lifetime (90 days from sign-in).
 */
async function resolveWith(headers: Record<string, string>) {
  const request = getRequest('/app/home', { headers });
  const context = contextFor(request);
  const auth = await getAuth(request, context);
  return { auth, setCookies: context.setCookies };
}

/** created_at is insert-only in the table type: tests move it back with plain SQL. */
const backdate = (sessionId: string, createdAt: Date) => sql`update sessions set created_at = ${createdAt} where id = ${sessionId}`.execute(getDb());

const maxAgeOf = (setCookie: string) => Number(/Max-Age=(\d+)/i.exec(setCookie)?.[1]);

describe('stale session cookies', () => {
  it('are cleared (Max-Age=0) when the session is unknown, ended, expired, past its absolute lifetime or the user is locked', async () => {
    const cases: [string, () => Promise<string>][] = [
      ['unknown', async () => 'leda_session=abcdefghijklmnopqrstuvwxyz0123'],
      ['ended', async () => {
        const u = await makeUser();
        const { cookie, token: sessionId } = await signIn(u.userId);
        await getDb().deleteFrom('sessions').where('id', '=', sessionId).execute();
        return cookie;
      }],
      ['expired', async () => {
        const u = await makeUser();
        const { cookie, token: sessionId } = await signIn(u.userId);
        await getDb().updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', sessionId).execute();
        return cookie;
      }],
      ['past the absolute lifetime', async () => {
        const u = await makeUser();
        const { cookie, token: sessionId } = await signIn(u.userId);
        await backdate(sessionId, new Date(Date.now() - SESSION_ABSOLUTE_LIFETIME_MS - DAY));
        return cookie;
      }],
      ['locked user', async () => {
        const u = await makeUser();
        const { cookie } = await signIn(u.userId);
        await getDb().updateTable('users').set({ is_locked: true }).where('id', '=', u.userId).execute();
        return cookie;
      }],
    ];
    for (const [what, make] of cases) {
      const { auth, setCookies } = await resolveWith({ cookie: await make() });
      expect(auth, what).toBeNull();
      expect(setCookies, what).toHaveLength(1);
      expect(setCookies[0], what).toMatch(/^leda_session=;/);
      expect(maxAgeOf(setCookies[0]!), what).toBe(0);
    }
  });

  it('a live session sets no cookie; a rejected x-access-token (no cookie) sets none either', async () => {
    const u = await makeUser();
    const { cookie, token: sessionId } = await signIn(u.userId);
    expect((await resolveWith({ cookie })).setCookies).toEqual([]);
    await getDb().deleteFrom('sessions').where('id', '=', sessionId).execute();
    expect((await resolveWith({ 'x-access-token': sessionId })).setCookies).toEqual([]);
  });
});

describe('session cookie lifetime', () => {
  it('a session that slides near its absolute end gets a cookie that ends with it, not 30 days later', async () => {
    const u = await makeUser();
    const { cookie, token: sessionId } = await signIn(u.userId);
    const createdAt = new Date(Date.now() - SESSION_ABSOLUTE_LIFETIME_MS + 2 * DAY);
    // Half of the 30-day window has passed, so the session slides and a new cookie is sent.
    await backdate(sessionId, createdAt);
    await getDb().updateTable('sessions').set({ expires_at: new Date(Date.now() + 10 * DAY) }).where('id', '=', sessionId).execute();
    const { auth, setCookies } = await resolveWith({ cookie });
    expect(auth?.user.userId).toBe(u.userId);
    expect(setCookies).toHaveLength(1);
    const maxAge = maxAgeOf(setCookies[0]!);
    expect(maxAge).toBeLessThanOrEqual(2 * 86_400);
    expect(maxAge).toBeGreaterThan(2 * 86_400 - 60);
  });

  it('a new session’s cookie lasts the 30-day window (inside the 90-day lifetime)', async () => {
    const u = await makeUser();
    const { setCookie } = await startSession(u.userId);
    expect(maxAgeOf(setCookie)).toBe(30 * 86_400);
  });
});
