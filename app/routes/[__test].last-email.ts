import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb, loadEnv, newestCommunicationTo } from '@modules/shared/index.server';

/**
 * Browser tests only: GET /__test/last-email?to=<email> shows the newest email recorded for
 * that recipient, as the HTML the recipient would read (a test opens it and clicks its link).
 * It exists only when APP_ENV is development AND E2E_TEST_HOOKS=1 (set by tests/e2e/global-setup.ts);
 * everywhere else it is a plain 404. E2E_TEST_HOOKS is deliberately not part of the app's env
 * schema: it is a test switch, not configuration (docs/decisions/060-browser-tests.md).
 */
export function testHooksEnabled() {
  return loadEnv().APP_ENV === 'development' && process.env.E2E_TEST_HOOKS === '1';
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

export async function loader({ request }: LoaderFunctionArgs) {
  if (!testHooksEnabled()) throw notFound();
  const to = new URL(request.url).searchParams.get('to')?.trim();
  if (!to) throw notFound();
  const email = await newestCommunicationTo(getDb(), to);
  if (!email) throw notFound();
  return new Response(email.html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-email-subject': encodeURIComponent(email.subject),
    },
  });
}
