import { safeRedirectPath } from '~/utils/session.server';

/** Where an admin form goes back to: a path inside /admin from the form's returnTo, else the fallback. */
export function adminReturnTo(value: FormDataEntryValue | string | null | undefined, fallback: string): string {
  const to = safeRedirectPath(value, fallback);
  return to.startsWith('/admin/') || to === '/admin' ? to : fallback;
}

/** The path with ?saved=<what> (the next page shows its flash message); other parameters kept. */
export function withFlash(path: string, what: string): string {
  const url = new URL(path, 'http://self.invalid');
  url.searchParams.set('saved', what);
  return url.pathname + url.search;
}

const FLASH: Record<string, string> = {
  user: 'User saved.',
  organisation: 'Organisation saved.',
  orgAdmin: 'Organisation admin updated.',
  erased: 'The account was erased.',
  scimRevoked: 'SCIM token revoked.',
  scimSettings: 'SCIM settings saved.',
  ssoSaved: 'Sign-in settings saved.',
  ssoRemoved: 'Single sign-on removed: everyone signs in with a password.',
};

/** The flash message named by ?saved= (only known keys: the URL cannot inject text). */
export function flashOf(request: Request): string | null {
  const key = new URL(request.url).searchParams.get('saved');
  return key ? (FLASH[key] ?? null) : null;
}
