import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { recordPageEvent } from '@modules/admin/index.server';
import { blankSessionCookie, logout } from '@modules/identity/index.server';
import { getDb } from '@modules/shared/index.server';
import { getAuth } from '~/utils/session.server';

/**
 * /auth/logout: POST only, from any page with <form method="post" action="/auth/logout">.
 * Records a 'logout' event (spec: log out tracks an event), ends the session on the server,
 * clears the cookie and goes to '/'. A GET (a link, a
 * prefetch, a crawler) changes nothing and also lands on '/'.
 */
export async function loader() {
  throw redirect('/');
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await getAuth(request, context);
  if (auth) {
    await recordPageEvent(getDb(), { event: 'logout', path: '/auth/logout' }, auth.user.userId);
    await logout(auth.sessionId);
  }
  // Reading the session may have queued a refreshed cookie (sliding expiry); drop it so the blank one wins.
  context.setCookies.length = 0;
  throw redirect('/', { headers: { 'Set-Cookie': blankSessionCookie() } });
}

/** Never rendered (the loader always redirects); present so Remix <Form> posts here as a page route. */
export default function Logout() {
  return null;
}
