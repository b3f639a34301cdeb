import { redirect } from '@remix-run/node';
import { loadEnv } from '@modules/shared/index.server';
import {
  appHomePath,
  blankSessionCookie,
  isAccessBlocked,
  policy,
  readSessionCookie,
  validateSessionId,
  type CurrentUser,
  teamCardsOfUser,
  toTeamCards,
  type SessionReads,
} from '@modules/identity/index.server';
import { currentJourneysFrom, scheduledEntriesOfUser, teamJourneysOfUser } from '@modules/journeys/index.server';
import { uncompletedCountOf } from '@modules/activities/index.server';
import { unseenCountOf } from '@modules/social/index.server';
import { primeRequestFact, storeOf } from './request-context.server';
import { safeRedirectPath, safeThenTo } from './safe-redirect.server';

/**
 * Guards. A loader's or action's first line says who may use it: requireUser,
 * requireAnonymous, requireProductAdmin, requireTeamAdmin for screens (they throw a
 * redirect), requireApiUser for /api (throws a JSON 403).
 */
export const ACCESS_TOKEN_HEADER = 'x-access-token';

export interface AuthState {
  user: CurrentUser;
  sessionId: string;
}

const memo = new WeakMap<Request, Promise<AuthState | null>>();

/** A GET or HEAD: nothing changes before the page reads, so facts read with the session stay true for it. */
const isRead = (request: Request) => request.method === 'GET' || request.method === 'HEAD';
/** What the session's statement reads besides the user and teams (constants: each is compiled once). */
const WRITE_READS: SessionReads = { teamJourneys: teamJourneysOfUser };
const PAGE_READS: SessionReads = { ...WRITE_READS, extras: (eb) => ({ myActivitiesCount: uncompletedCountOf(eb), unseenNotifications: unseenCountOf(eb) }) };
/** The team list page (/app/team) also reads its cards and their current journeys with the session: no query of its own. */
const TEAM_LIST_READS: SessionReads = {
  ...WRITE_READS,
  extras: (eb) => ({ ...PAGE_READS.extras!(eb), teamCards: teamCardsOfUser(eb), scheduledEntries: scheduledEntriesOfUser(eb) }),
};
const TEAM_LIST_PATH = /^\/app\/team\/?(\.data)?$/;

const readsFor = (request: Request) => (!isRead(request) ? WRITE_READS : TEAM_LIST_PATH.test(new URL(request.url).pathname) ? TEAM_LIST_READS : PAGE_READS);

async function resolveAuth(request: Request): Promise<AuthState | null> {
  const fromHeader = request.headers.get(ACCESS_TOKEN_HEADER);
  const fromCookie = readSessionCookie(request.headers.get('cookie'));
  // A session cookie the server rejects (expired, ended, locked, unknown) is cleared in the answer.
  const rejected = () => {
    if (!fromHeader && fromCookie) storeOf(request)?.setCookies.push(blankSessionCookie());
    return null;
  };
  // One statement: the session, the user with their enabled teams and team journeys (journeys module)
  // and, for a page read, the shell's two counters (activities and social modules).
  const info = await validateSessionId(fromHeader || fromCookie, readsFor(request));
  if (!info) return rejected();
  const { user, teams, extras } = info.sessionUser;
  const store = storeOf(request);
  if (store) store.userId = user.userId;
  // The shell's navigation and the team guards read the team list from here, the shell its counters.
  primeRequestFact(request, `teams:${user.userId}`, teams);
  if (typeof extras.myActivitiesCount === 'number' && typeof extras.unseenNotifications === 'number') {
    primeRequestFact(request, `counters:${user.userId}`, { myActivitiesCount: extras.myActivitiesCount, unseenNotifications: extras.unseenNotifications });
  }
  // The team list's facts (teamListCards and teamListJourneys in team-access.server.ts read them).
  if ('teamCards' in extras) primeRequestFact(request, `teamCards:${user.userId}`, toTeamCards(extras.teamCards as Parameters<typeof toTeamCards>[0]));
  if ('scheduledEntries' in extras) {
    const entries = extras.scheduledEntries as Parameters<typeof currentJourneysFrom>[1];
    primeRequestFact(request, `currentJourneys:${user.userId}`, currentJourneysFrom(user, entries, teams.map((t) => t.teamId)));
  }
  if (info.setCookie) storeOf(request)?.setCookies.push(info.setCookie);
  return { user, sessionId: info.sessionId };
}

/** The signed-in user and session, or null; computed once per request. */
export function getAuth(request: Request): Promise<AuthState | null> {
  const store = storeOf(request);
  if (store) {
    const cached = store.memo.get('auth') as Promise<AuthState | null> | undefined;
    if (cached) return cached;
    const p = resolveAuth(request);
    store.memo.set('auth', p);
    return p;
  }
  let p = memo.get(request);
  if (!p) {
    p = resolveAuth(request);
    memo.set(request, p);
  }
  return p;
}

export async function getOptionalUser(request: Request) {
  return (await getAuth(request))?.user ?? null;
}

/** The return date when the site is under construction, else null. */
export function underConstructionUntil(): Date | null {
  const v = loadEnv().UNDER_CONSTRUCTION_UNTIL;
  if (!v) return null;
  const d = new Date(v);
  return d.getTime() > Date.now() ? d : null;
}

function guardUnderConstruction() {
  if (underConstructionUntil()) throw redirect('/under-construction');
}

export { safeRedirectPath, safeThenTo } from './safe-redirect.server';

export function loginPathFor(request: Request) {
  const url = new URL(request.url);
  return `/auth/login?thenTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * The spec: a signed-in user who arrives at any page with ?thenTo= goes there (when it is a path on
 * this site; an unsafe thenTo is ignored). Called once, by the root loader, for every page.
 */
export async function followThenTo(request: Request): Promise<void> {
  const url = new URL(request.url);
  if (!url.searchParams.has('thenTo')) return;
  const to = safeThenTo(url);
  if (!to) return;
  const auth = await getAuth(request);
  if (auth && !isAccessBlocked(auth.user)) throw redirect(to);
}

export async function requireUser(request: Request): Promise<CurrentUser> {
  guardUnderConstruction();
  const auth = await getAuth(request);
  if (!auth) throw redirect(loginPathFor(request));
  if (isAccessBlocked(auth.user)) throw redirect('/license-expired');
  return auth.user;
}

export async function requireAnonymous(request: Request): Promise<void> {
  guardUnderConstruction();
  const auth = await getAuth(request);
  if (auth && !isAccessBlocked(auth.user)) {
    const thenTo = new URL(request.url).searchParams.get('thenTo');
    throw redirect(safeRedirectPath(thenTo, appHomePath(auth.user)));
  }
}

export async function requireProductAdmin(request: Request): Promise<CurrentUser> {
  guardUnderConstruction();
  const auth = await getAuth(request);
  if (!auth || isAccessBlocked(auth.user) || !policy.canUseAdmin(auth.user)) throw redirect('/');
  return auth.user;
}

/** Team admin of the team, organisation admin of its organisation, or product admin. */
export async function requireTeamAdmin(request: Request, team: { teamId: number; organisationId: number }) {
  const user = await requireUser(request);
  if (!policy.canAdministerTeam(user, team)) throw redirect('/app/team');
  return user;
}

const json403 = (errorMsg: string) => Response.json({ errorMsg }, { status: 403 });
export const NO_PERMISSION = 'You do not have permission to do that.';

/** /api: the session from the x-access-token header (or the cookie); a JSON 403 otherwise. */
export async function requireApiUser(request: Request): Promise<AuthState> {
  const auth = await getAuth(request);
  if (!auth) throw json403('Your session has expired. Please log in again.');
  if (isAccessBlocked(auth.user)) throw json403('Your licence has expired.');
  return auth;
}

export async function requireApiProductAdmin(request: Request): Promise<AuthState> {
  const auth = await requireApiUser(request);
  if (!policy.canUseAdmin(auth.user)) throw json403(NO_PERMISSION);
  return auth;
}
