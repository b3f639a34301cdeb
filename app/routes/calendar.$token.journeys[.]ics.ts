import type { LoaderFunctionArgs } from '@remix-run/node';
import { calendarTokenUser, journeyCalendar } from '@modules/journeys/index.server';
import { getCurrentUser, isAccessBlocked } from '@modules/identity/index.server';
import { getDb, loadEnv } from '@modules/shared/index.server';

/**
 * /calendar/{token}/journeys.ics: a learner's private iCal feed of their teams' journey schedules (the
 * token is the credential; unknown, revoked or blocked answers 404). Calendar apps poll it without a session.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const notFound = () => new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const userId = await calendarTokenUser(getDb(), params.token ?? '');
  if (userId === null) return notFound();
  const user = await getCurrentUser(getDb(), userId);
  if (!user || isAccessBlocked(user)) return notFound();
  const baseUrl = loadEnv().PUBLIC_URL;
  return new Response(await journeyCalendar(getDb(), user, { baseUrl }), {
    headers: { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'private, max-age=900', 'x-robots-tag': 'noindex' },
  });
}
