import type { Logger } from 'pino';
import { getDb, logger, type Db } from '@modules/shared/index.server';
import {
  blankSessionCookie,
  listTeamCards,
  type listUserTeams,
  readSessionCookie,
  teamCardsOfUser,
  toTeamCards,
  validateSessionId,
  type CurrentUser,
  type SessionReads,
} from '@modules/identity/index.server';
import { currentJourneysFrom, currentJourneysOf, scheduledEntriesOfUser, teamJourneysOfUser } from '@modules/journeys/index.server';
import { countUncompleted, uncompletedCountOf } from '@modules/activities/index.server';
import { countUnseen, unseenCountOf } from '@modules/social/index.server';
import { getUserProgress, type UserProgress } from '@modules/catalogue/index.server';
import type { BodyAllowance } from '~/utils/body-limit.server';

/**
 * Everything a page reads per request, in one place (docs/decisions/300).
 *
 * The web server (app/runtime/http-app.server.ts, Remix's documented `getLoadContext` seam) builds one
 * RequestContext per HTTP request; every loader and action of that request gets the same object as
 * `context` (typed below, `AppLoadContext`). Tests build a real one with `contextFor(request)` from
 * tests/support/remix.ts.
 *
 * What it holds:
 *   - what the HTTP server knows: the request id and its logger, the client IP, the CSP nonce, the
 *     body allowance (body-limit.server.ts), the Set-Cookie lines the guards queue, the database;
 *   - the per-user facts, each read at most once, lazily, memoised in a field of this object:
 *       auth()            the session and the viewer with their enabled teams and team journeys (identity, journeys)
 *       teams()           the viewer's enabled teams (identity; read with the session)
 *       shellCounters()   the shell's two counters: uncompleted activities (activities), unseen notifications (social)
 *       teamCards()       the team list's cards (identity)
 *       currentJourneys() the current journey of each of the viewer's teams (journeys)
 *       userProgress()    the viewer's progress through the catalogue (catalogue; the story frame and the
 *                         chapter both need it; loaders only: an action recording a completion reads it afresh)
 *       feedbackKey       the feedback respondent's browser key minted in this request (one cookie per request)
 *
 * One statement: the session is read a moment after the first ask (once every loader of the request
 * has started, at the next turn of the event loop), and every fact asked by then rides in the
 * session's statement as a correlated subquery (the module's `...Of(eb)` reader). A fact asked after
 * that is read on its own (the module's plain query). So a page GET reads the session, the viewer,
 * their teams and the shell's counters in one statement because the app layout's loader asks for the
 * counters, and the team list's loader asks for its cards; nothing decides it from the URL.
 * Counters and cards ride along only on a GET or HEAD (nothing changes before the page reads);
 * an action's later loaders read them fresh.
 */
export type UserTeam = Awaited<ReturnType<typeof listUserTeams>>[number];
export type TeamCard = Awaited<ReturnType<typeof listTeamCards>>[number];
export type CurrentJourneys = ReturnType<typeof currentJourneysFrom>;
export interface ShellCounters {
  myActivitiesCount: number;
  unseenNotifications: number;
}
export interface AuthState {
  user: CurrentUser;
  sessionId: string;
}

export interface ContextInit {
  method: string;
  /** The session credential: the x-access-token header (api clients) or the session cookie. */
  accessToken: string | null;
  cookieHeader: string | null;
  clientIp: string;
  cspNonce: string;
  bodyAllowance: BodyAllowance;
  /** The id in X-Request-Id and in this request's log lines (absent outside the web server). */
  requestId?: string;
  db?: Db;
}

/** The asked-for facts that can ride in the session's statement. */
interface Rides {
  counters: boolean;
  teamList: boolean;
}

/** The session statement's `users` row, as each module's reader takes it. */
type Users = Parameters<typeof uncompletedCountOf>[0];
/** The session statement's reads for each combination (constants: each shape is compiled once). */
const READS: Record<`${boolean}-${boolean}`, SessionReads> = {
  'false-false': { teamJourneys: teamJourneysOfUser },
  'true-false': { teamJourneys: teamJourneysOfUser, extras: (eb: Users) => counterReads(eb) },
  'false-true': { teamJourneys: teamJourneysOfUser, extras: (eb: Users) => teamListReads(eb) },
  'true-true': { teamJourneys: teamJourneysOfUser, extras: (eb: Users) => ({ ...counterReads(eb), ...teamListReads(eb) }) },
};
const counterReads = (eb: Users) => ({ myActivitiesCount: uncompletedCountOf(eb), unseenNotifications: unseenCountOf(eb) });
const teamListReads = (eb: Users) => ({ teamCards: teamCardsOfUser(eb), scheduledEntries: scheduledEntriesOfUser(eb) });

type Extras = {
  myActivitiesCount?: number;
  unseenNotifications?: number;
  teamCards?: Parameters<typeof toTeamCards>[0];
  scheduledEntries?: Parameters<typeof currentJourneysFrom>[1];
};
interface SessionRead {
  auth: AuthState;
  teams: UserTeam[];
  extras: Extras;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class RequestContext {
  readonly db: Db;
  readonly requestId: string | undefined;
  readonly clientIp: string;
  readonly cspNonce: string;
  /** Set-Cookie lines the guards queue (a session that slid, a stale one cleared); the adapter sends them. */
  readonly setCookies: string[] = [];
  /** The bytes this request's body may have; an upload route raises it (allowUpload). */
  readonly bodyAllowance: BodyAllowance;
  /** The signed-in user once the session is read (for the access line). */
  userId: number | null = null;

  readonly #init: ContextInit;
  readonly #rides: Rides = { counters: false, teamList: false };
  #session?: Promise<SessionRead | null>;
  #issued = false;
  #log?: Logger;
  #counters?: Promise<ShellCounters>;
  #teamCards?: Promise<TeamCard[]>;
  #currentJourneys?: Promise<CurrentJourneys>;
  #teams?: Promise<UserTeam[]>;
  #progress?: { userId: number; read: Promise<UserProgress> };
  /** The feedback form's browser key minted in this request (after a plain POST the action and the page's loader both run). */
  feedbackKey: string | null = null;

  constructor(init: ContextInit) {
    this.#init = init;
    this.db = init.db ?? getDb();
    this.requestId = init.requestId;
    this.clientIp = init.clientIp;
    this.cspNonce = init.cspNonce;
    this.bodyAllowance = init.bodyAllowance;
  }

  /** This request's logger: its lines carry the request id (docs/decisions/239); made when first used. */
  get log(): Logger {
    if (!this.requestId) return logger();
    return (this.#log ??= logger().child({ reqId: this.requestId }));
  }

  /** True for a GET or HEAD: facts read with the session stay true for the page. */
  get isRead(): boolean {
    return this.#init.method === 'GET' || this.#init.method === 'HEAD';
  }

  /** The session and the signed-in user, or null (no, an expired, ended or locked session). */
  async auth(): Promise<AuthState | null> {
    return (await this.#sessionRead())?.auth ?? null;
  }

  /** The viewer's enabled teams (empty when signed out). */
  teams(): Promise<UserTeam[]> {
    return (this.#teams ??= this.#sessionRead().then((s) => s?.teams ?? []));
  }

  /** The shell's two counters (activities and social modules). */
  shellCounters(): Promise<ShellCounters> {
    if (this.#counters) return this.#counters;
    const rides = this.#ride('counters');
    return (this.#counters = this.#sessionRead().then(async (s) => {
      if (!s) return { myActivitiesCount: 0, unseenNotifications: 0 };
      const { myActivitiesCount, unseenNotifications } = s.extras;
      if (rides && typeof myActivitiesCount === 'number' && typeof unseenNotifications === 'number') return { myActivitiesCount, unseenNotifications };
      const userId = s.auth.user.userId;
      const [a, n] = await Promise.all([countUncompleted(this.db, userId), countUnseen(this.db, userId)]);
      return { myActivitiesCount: a, unseenNotifications: n };
    }));
  }

  /** The team list's cards (identity module). */
  teamCards(): Promise<TeamCard[]> {
    if (this.#teamCards) return this.#teamCards;
    const rides = this.#ride('teamList');
    return (this.#teamCards = this.#sessionRead().then((s) => {
      if (!s) return [];
      if (rides && s.extras.teamCards !== undefined) return toTeamCards(s.extras.teamCards);
      return listTeamCards(this.db, s.auth.user.userId);
    }));
  }

  /** The current journey of each of the viewer's teams, for the team list's cards (journeys module). */
  currentJourneys(): Promise<CurrentJourneys> {
    if (this.#currentJourneys) return this.#currentJourneys;
    const rides = this.#ride('teamList');
    return (this.#currentJourneys = this.#sessionRead().then((s) => {
      if (!s) return new Map() as CurrentJourneys;
      const teamIds = s.teams.map((t) => t.teamId);
      if (rides && s.extras.scheduledEntries !== undefined) return currentJourneysFrom(s.auth.user, s.extras.scheduledEntries, teamIds);
      return currentJourneysOf(this.db, s.auth.user, teamIds);
    }));
  }

  /** The user's progress through the catalogue (catalogue module), read once per request. */
  userProgress(userId: number): Promise<UserProgress> {
    if (this.#progress?.userId !== userId) this.#progress = { userId, read: getUserProgress(this.db, userId) };
    return this.#progress.read;
  }

  /** Asks for a fact in the session's statement; false when that statement has already gone (or for a write). */
  #ride(fact: keyof Rides): boolean {
    if (this.#issued || !this.isRead) return false;
    this.#rides[fact] = true;
    return true;
  }

  #sessionRead(): Promise<SessionRead | null> {
    return (this.#session ??= nextTurn().then(() => this.#readSession()));
  }

  async #readSession(): Promise<SessionRead | null> {
    this.#issued = true;
    const { accessToken, cookieHeader } = this.#init;
    const fromCookie = readSessionCookie(cookieHeader);
    const info = await validateSessionId(accessToken || fromCookie, READS[`${this.#rides.counters}-${this.#rides.teamList}`]);
    if (!info) {
      // A session cookie the server rejects (expired, ended, locked, unknown) is cleared in the answer.
      if (!accessToken && fromCookie) this.setCookies.push(blankSessionCookie());
      return null;
    }
    if (info.setCookie) this.setCookies.push(info.setCookie);
    const { user, teams, extras } = info.sessionUser;
    this.userId = user.userId;
    return { auth: { user, sessionId: info.sessionId }, teams, extras: extras as Extras };
  }
}

// Remix's documented typing of `context` (loaders' and actions' LoaderFunctionArgs / ActionFunctionArgs).
declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
