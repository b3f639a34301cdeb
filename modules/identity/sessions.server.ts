import { sql, type Compilable, type Expression, type ExpressionBuilder } from 'kysely';
import { Lucia, TimeSpan, type Adapter, type DatabaseSession, type DatabaseUser } from 'lucia';
import type { Database, Db } from '@modules/shared/db/database';
import { prepared } from '@modules/shared/db/prepared.server';
import { currentUserSelection, toCurrentUser, type CurrentUser, type UserTeam } from './permissions.server';
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

/**
 * What a caller may read in the session's statement besides the user: the journeys module's team
 * journeys and other modules' per-user facts (the shell's counters), as correlated subqueries on
 * "users". Resolving a signed-in request is then one round trip (issue 16).
 */
export interface SessionReads {
  /** Per team of the user: its journeys ({ teamId, journeyId } in order), applied when the policy lets the user see journeys. */
  teamJourneys?: (eb: ExpressionBuilder<Database, 'users'>) => Expression<{ teamId: number; journeyId: number }[] | null>;
  /** Named facts, returned as read (a JSON-able value each). Pass the same SessionReads object each time: its statement is compiled once. */
  extras?: (eb: ExpressionBuilder<Database, 'users'>) => Record<string, Expression<unknown>>;
}

export interface SessionUser {
  user: CurrentUser;
  teams: UserTeam[];
  extras: Record<string, unknown>;
}

const NO_READS: SessionReads = {};

type SessionRow = Record<string, unknown> & {
  session_id: string;
  expires_at: Date | string;
  created_at: Date | string;
  user_id: number;
  is_locked: boolean;
  team_journeys?: { teamId: number; journeyId: number }[] | null;
};

function sessionStatement(db: Db, sessionId: string, reads: SessionReads) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('organisations', 'organisations.id', 'users.organisation_id')
    .select(['sessions.id as session_id', 'sessions.expires_at', 'sessions.created_at'])
    .select((eb) => currentUserSelection(eb as never))
    .select((eb) => {
      const users = eb as unknown as ExpressionBuilder<Database, 'users'>;
      const extras = Object.entries(reads.extras?.(users) ?? {}).map(([name, e]) => sql`${e}`.as(`x_${name}`));
      return [...(reads.teamJourneys ? [sql<{ teamId: number; journeyId: number }[] | null>`${reads.teamJourneys(users)}`.as('team_journeys')] : []), ...extras];
    })
    .where('sessions.id', '=', sessionId) as unknown as Compilable<SessionRow>;
}

// The statement runs on every signed-in request and its shape depends only on `reads` (a constant of
// the caller): it is compiled once per reads (shared/prepared) and run with the session id.
const statements = new WeakMap<SessionReads, (db: Db, sessionId: string) => Promise<SessionRow[]>>();

async function readSessionAndUser(sessionId: string, reads: SessionReads): Promise<SessionRow | undefined> {
  let run = statements.get(reads);
  if (!run) {
    run = prepared((db: Db, id: string) => sessionStatement(db, id, reads));
    statements.set(reads, run);
  }
  return (await run(getDb(), sessionId))[0];
}

function sessionUserOf(row: SessionRow): SessionUser {
  let journeys: Map<number, { journeyId: number }[]> | null = null;
  if (row.team_journeys !== undefined) {
    journeys = new Map();
    for (const j of row.team_journeys ?? []) {
      const list = journeys.get(j.teamId) ?? [];
      if (!list.some((x) => x.journeyId === j.journeyId)) list.push({ journeyId: j.journeyId });
      journeys.set(j.teamId, list);
    }
  }
  const extras: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (k.startsWith('x_')) extras[k.slice(2)] = v;
  return { ...toCurrentUser(row as never, journeys), extras };
}

/**
 * lucia's adapter: lucia creates, extends and ends sessions through it. Validating a session does
 * not go through lucia (validateSessionId below reads the session with the caller's reads itself),
 * so this plain read is only what lucia's own validateSession would use.
 */
const adapter: Adapter = {
  async getSessionAndUser(sessionId) {
    const row = await readSessionAndUser(sessionId, NO_READS);
    if (!row) return [null, null];
    const session: DatabaseSession = { id: row.session_id, userId: row.user_id, expiresAt: new Date(row.expires_at), attributes: { createdAt: new Date(row.created_at) } };
    const user: DatabaseUser = { id: row.user_id, attributes: {} };
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
    sessionExpiresIn: new TimeSpan(30, 'd') /* SESSION_EXPIRES_IN_MS */,
    sessionCookie: {
      name: SESSION_COOKIE,
      expires: true,
      attributes: { sameSite: 'lax', secure: loadEnv().APP_ENV !== 'development', path: '/' },
    },
    getSessionAttributes: (a) => ({ createdAt: a.createdAt }),
  });
}

let lucia: ReturnType<typeof createLucia> | undefined;
const auth = () => (lucia ??= createLucia());

declare module 'lucia' {
  interface Register {
    Lucia: ReturnType<typeof createLucia>;
    UserId: number;
    DatabaseSessionAttributes: { createdAt: Date };
    DatabaseUserAttributes: Record<never, never>;
  }
}

export interface SessionInfo {
  sessionId: string;
  userId: number;
  /** The user, their enabled teams and the asked-for reads, from the session's own statement. */
  sessionUser: SessionUser;
  /** A Set-Cookie value to send back when the session slid or ended; undefined otherwise. */
  setCookie?: string;
}

const SESSION_ID_SHAPE = /^[a-z0-9]{20,64}$/;

const SESSION_EXPIRES_IN_MS = 30 * DAY;

/**
 * Validates a session id (from the cookie or the x-access-token header) in one statement with the
 * caller's reads, by lucia 3's own rule: an expired session is deleted; past half of its 30 days
 * it slides (a new expiry and a fresh cookie). Plus the absolute lifetime and the account lock.
 */
export async function validateSessionId(sessionId: string | null | undefined, reads: SessionReads = NO_READS): Promise<SessionInfo | null> {
  if (!sessionId || !SESSION_ID_SHAPE.test(sessionId)) return null;
  const row = await readSessionAndUser(sessionId, reads);
  if (!row) return null;
  const now = Date.now();
  const expiresAt = new Date(row.expires_at).getTime();
  const createdAt = new Date(row.created_at);
  if (expiresAt <= now) {
    await adapter.deleteSession(row.session_id);
    return null;
  }
  if (createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS < now) {
    await auth().invalidateSession(row.session_id);
    return null;
  }
  if (row.is_locked) {
    await auth().invalidateUserSessions(row.user_id);
    return null;
  }
  const fresh = expiresAt - SESSION_EXPIRES_IN_MS / 2 <= now;
  if (fresh) await adapter.updateSessionExpiration(row.session_id, new Date(now + SESSION_EXPIRES_IN_MS));
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    sessionUser: sessionUserOf(row),
    setCookie: fresh ? sessionCookie(row.session_id, createdAt) : undefined,
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
