import { redirect } from '@remix-run/node';
import { loadEnv, getDb } from '@modules/shared/index.server';
import {
  appHomePath,
  canAdministerTeam,
  getCurrentUser,
  isAccessBlocked,
  readSessionCookie,
  validateSessionId,
  type CurrentUser,
} from '@modules/identity/index.server';
import { currentStore } from './request-context.server';

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

async function resolveAuth(request: Request): Promise<AuthState | null> {
  const sessionId = request.headers.get(ACCESS_TOKEN_HEADER) || readSessionCookie(request.headers.get('cookie'));
  const info = await validateSessionId(sessionId);
  if (!info) return null;
  const user = await getCurrentUser(getDb(), info.userId);
  if (!user) return null;
  if (info.setCookie) currentStore()?.setCookies.push(info.setCookie);
  return { user, sessionId: info.sessionId };
}

/** The signed-in user and session, or null; computed once per request. */
export function getAuth(request: Request): Promise<AuthState | null> {
  const store = currentStore();
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

/**
 * Only relative paths inside the site: never '//host', '/\\host' or a scheme. Control characters and
 * backslashes are refused too: browsers drop tabs and newlines from a Location ('/\t/evil.example'
 * would become '//evil.example'), and CR/LF would break the header. The answer is ASCII.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback: string) {
  if (typeof to !== 'string' || to.length > 2000 || !to.startsWith('/') || to.startsWith('//')) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  const base = 'http://leda.invalid';
  try {
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    // Percent-encoded as URL does it: a Location header must be ASCII ('/🙂' would throw, a 500).
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

export function loginPathFor(request: Request) {
  const url = new URL(request.url);
  return `/auth/login?thenTo=${encodeURIComponent(url.pathname + url.search)}`;
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
  if (!auth || !auth.user.isLedaAdmin || isAccessBlocked(auth.user)) throw redirect('/');
  return auth.user;
}

/** Team admin of the team, organisation admin of its organisation, or product admin. */
export async function requireTeamAdmin(request: Request, team: { teamId: number; organisationId: number }) {
  const user = await requireUser(request);
  if (!canAdministerTeam(user, team)) throw redirect('/app/team');
  return user;
}

const json403 = (errorMsg: string) => Response.json({ errorMsg }, { status: 403 });

/** /api: the session from the x-access-token header (or the cookie); a JSON 403 otherwise. */
export async function requireApiUser(request: Request): Promise<AuthState> {
  const auth = await getAuth(request);
  if (!auth) throw json403('Your session has expired. Please log in again.');
  if (isAccessBlocked(auth.user)) throw json403('Your licence has expired.');
  return auth;
}

export async function requireApiProductAdmin(request: Request): Promise<AuthState> {
  const auth = await requireApiUser(request);
  if (!auth.user.isLedaAdmin) throw json403('You do not have permission to do that.');
  return auth;
}
