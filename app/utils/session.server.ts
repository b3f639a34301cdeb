import { redirect, type AppLoadContext } from '@remix-run/node';
import { loadEnv } from '@modules/shared/index.server';
import { appHomePath, isAccessBlocked, policy, type CurrentUser } from '@modules/identity/index.server';
import type { AuthState } from '~/runtime/context.server';
import { safeRedirectPath, safeThenTo } from './safe-redirect.server';

/**
 * Guards. A loader's or action's first line says who may use it: requireUser,
 * requireAnonymous, requireProductAdmin, requireTeamAdmin for screens (they throw a
 * redirect), requireApiUser for /api (throws a JSON 403). Each takes the loader's request (its
 * URL, for the login redirect's thenTo) and the request's context (who is signed in:
 * app/runtime/context.server.ts; docs/decisions/300).
 */
export const ACCESS_TOKEN_HEADER = 'x-access-token';

export type { AuthState } from '~/runtime/context.server';

/** The signed-in user and session, or null; read once per request (app/runtime/context.server.ts). */
export function getAuth(_request: Request, context: AppLoadContext): Promise<AuthState | null> {
  return context.auth();
}

export async function getOptionalUser(request: Request, context: AppLoadContext) {
  return (await getAuth(request, context))?.user ?? null;
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
export async function followThenTo(request: Request, context: AppLoadContext): Promise<void> {
  const url = new URL(request.url);
  if (!url.searchParams.has('thenTo')) return;
  const to = safeThenTo(url);
  if (!to) return;
  const auth = await getAuth(request, context);
  if (auth && !isAccessBlocked(auth.user)) throw redirect(to);
}

export async function requireUser(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  guardUnderConstruction();
  const auth = await getAuth(request, context);
  if (!auth) throw redirect(loginPathFor(request));
  if (isAccessBlocked(auth.user)) throw redirect('/license-expired');
  return auth.user;
}

export async function requireAnonymous(request: Request, context: AppLoadContext): Promise<void> {
  guardUnderConstruction();
  const auth = await getAuth(request, context);
  if (auth && !isAccessBlocked(auth.user)) {
    const thenTo = new URL(request.url).searchParams.get('thenTo');
    throw redirect(safeRedirectPath(thenTo, appHomePath(auth.user)));
  }
}

export async function requireProductAdmin(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  guardUnderConstruction();
  const auth = await getAuth(request, context);
  if (!auth || isAccessBlocked(auth.user) || !policy.canUseAdmin(auth.user)) throw redirect('/');
  return auth.user;
}

/** Team admin of the team, organisation admin of its organisation, or product admin. */
export async function requireTeamAdmin(request: Request, context: AppLoadContext, team: { teamId: number; organisationId: number }) {
  const user = await requireUser(request, context);
  if (!policy.canAdministerTeam(user, team)) throw redirect('/app/team');
  return user;
}

const json403 = (errorMsg: string) => Response.json({ errorMsg }, { status: 403 });
export const NO_PERMISSION = 'You do not have permission to do that.';

/** /api: the session from the x-access-token header (or the cookie); a JSON 403 otherwise. */
export async function requireApiUser(request: Request, context: AppLoadContext): Promise<AuthState> {
  const auth = await getAuth(request, context);
  if (!auth) throw json403('Your session has expired. Please log in again.');
  if (isAccessBlocked(auth.user)) throw json403('Your licence has expired.');
  return auth;
}

export async function requireApiProductAdmin(request: Request, context: AppLoadContext): Promise<AuthState> {
  const auth = await requireApiUser(request, context);
  if (!policy.canUseAdmin(auth.user)) throw json403(NO_PERMISSION);
  return auth;
}
