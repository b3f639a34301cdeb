import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb, newestCommunicationTo } from '@modules/shared/index.server';
import { testHookNotFound as notFound, testHooksEnabled } from '~/utils/test-hooks.server';

/**
 * Browser tests only: GET /__test/last-email?to=<email> shows the newest email recorded for
 * that recipient, as the HTML the recipient would read (a test opens it and clicks its link).
 * It exists only when APP_ENV is development AND E2E_TEST_HOOKS=1 (see ~/utils/test-hooks.server);
 * everywhere else it is a plain 404.
 */
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
