import { Lucia, TimeSpan, type Adapter, type DatabaseSession, type DatabaseUser } from 'lucia';
import { getDb } from '@modules/shared/db/db.server';
import { loadEnv } from '@modules/shared/env.server';
import { DAY } from '@modules/shared/clock';
import { onShutdown } from '@modules/shared/lifecycle.server';

/**
 * Sessions, kept behind this file because lucia 3 is no longer maintained: nothing else in
 * the code base imports lucia. Sliding 30-day expiry (lucia extends a session once half of
 * it has passed) plus an absolute lifetime counted from the session's creation.
 */
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * DAY;
export const SESSION_COOKIE = 'leda_session';

const adapter: Adapter = {
  async getSessionAndUser(sessionId) {
    const row = await getDb()
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id', 'sessions.user_id', 'sessions.expires_at', 'sessions.created_at', 'users.is_locked'])
      .where('sessions.id', '=', sessionId)
      .executeTakeFirst();
    if (!row) return [null, null];
    const session: DatabaseSession = {
      id: row.id,
      userId: row.user_id,
      expiresAt: new Date(row.expires_at),
      attributes: { createdAt: new Date(row.created_at) },
    };
    const user: DatabaseUser = { id: row.user_id, attributes: { isLocked: row.is_locked } };
    return [session, user];
  },
  async getUserSessions(userId) {
    const rows = await getDb().selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      expiresAt: new Date(r.expires_at),
      attributes: { createdAt: new Date(r.created_at) },
    }));
  },
  async setSession(session) {
    await getDb()
      .insertInto('sessions')
      .values({ id: session.id, user_id: session.userId, expires_at: session.expiresAt, created_at: session.attributes.createdAt })
      .execute();
  },
  async updateSessionExpiration(sessionId, expiresAt) {
    await getDb().updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
  },
  async deleteSession(sessionId) {
    await getDb().deleteFrom('sessions').where('id', '=', sessionId).execute();
  },
  async deleteUserSessions(userId) {
    await getDb().deleteFrom('sessions').where('user_id', '=', userId).execute();
  },
  async deleteExpiredSessions() {
    await getDb().deleteFrom('sessions').where('expires_at', '<=', new Date()).execute();
  },
};

function createLucia() {
  return new Lucia(adapter, {
    sessionExpiresIn: new TimeSpan(30, 'd'),
    sessionCookie: {
      name: SESSION_COOKIE,
      expires: true,
      attributes: { sameSite: 'lax', secure: loadEnv().APP_ENV !== 'development', path: '/' },
    },
    getSessionAttributes: (a) => ({ createdAt: a.createdAt }),
    getUserAttributes: (a) => ({ isLocked: a.isLocked }),
  });
}

let lucia: ReturnType<typeof createLucia> | undefined;
const auth = () => (lucia ??= createLucia());

declare module 'lucia' {
  interface Register {
    Lucia: ReturnType<typeof createLucia>;
    UserId: number;
    DatabaseSessionAttributes: { createdAt: Date };
    DatabaseUserAttributes: { isLocked: boolean };
  }
}

export interface SessionInfo {
  sessionId: string;
  userId: number;
  /** A Set-Cookie value to send back when the session slid or ended; undefined otherwise. */
  setCookie?: string;
}

const SESSION_ID_SHAPE = /^[a-z0-9]{20,64}$/;

/** Validates a session id (from the cookie or the x-access-token header). */
export async function validateSessionId(sessionId: string | null | undefined): Promise<SessionInfo | null> {
  if (!sessionId || !SESSION_ID_SHAPE.test(sessionId)) return null;
  const { session, user } = await auth().validateSession(sessionId);
  if (!session || !user) return null;
  if (session.createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS < Date.now()) {
    await auth().invalidateSession(session.id);
    return null;
  }
  if (user.isLocked) {
    await auth().invalidateUserSessions(user.id);
    return null;
  }
  return {
    sessionId: session.id,
    userId: user.id,
    setCookie: session.fresh ? sessionCookie(session.id, session.createdAt) : undefined,
  };
}

/** The session cookie: its Max-Age never reaches past the session's absolute lifetime (issue 7, item 12). */
function sessionCookie(sessionId: string, createdAt: Date) {
  const cookie = auth().createSessionCookie(sessionId);
  const leftSeconds = Math.max(0, Math.floor((createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS - Date.now()) / 1000));
  cookie.attributes.maxAge = Math.min(cookie.attributes.maxAge ?? leftSeconds, leftSeconds);
  return cookie.serialize();
}

export function readSessionCookie(cookieHeader: string | null): string | null {
  return cookieHeader ? auth().readSessionCookie(cookieHeader) : null;
}

/** A new session (new id at every login, so a planted id is never promoted). */
export async function startSession(userId: number) {
  const createdAt = new Date();
  const session = await auth().createSession(userId, { createdAt });
  return { sessionId: session.id, setCookie: sessionCookie(session.id, createdAt) };
}

export async function endSession(sessionId: string) {
  await auth().invalidateSession(sessionId);
}

/** Ends every session of a user: on password change, reset or lock. */
export async function endAllSessions(userId: number) {
  await auth().invalidateUserSessions(userId);
}

export function blankSessionCookie() {
  return auth().createBlankSessionCookie().serialize();
}

export function resetSessionConfig() {
  lucia = undefined;
}
onShutdown(resetSessionConfig);

/** Housekeeping: expired sessions and used or expired one-time tokens. */
export async function pruneExpiredSessions() {
  await auth().deleteExpiredSessions();
  await getDb().deleteFrom('one_time_tokens').where('expires_at', '<', new Date(Date.now() - DAY)).execute();
}
