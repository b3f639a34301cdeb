import type { LoaderFunctionArgs } from '@remix-run/node';
import { escapeHtml, getDb, newestDeliveredEmailTo } from '@modules/shared/index.server';
import { testHookNotFound as notFound, testHooksEnabled } from '~/utils/test-hooks.server';

/**
 * Browser tests only: GET /__test/last-email?to=<email> shows the newest email recorded for
 * that recipient, as the HTML the recipient read: the delivered copy from the development outbox,
 * with its one-time link (the stored copy has none; a test opens it and clicks its link).
 * It exists only when APP_ENV is development AND E2E_TEST_HOOKS=1 (see ~/utils/test-hooks.server);
 * everywhere else it is a plain 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!testHooksEnabled()) throw notFound();
  const to = new URL(request.url).searchParams.get('to')?.trim();
  if (!to) throw notFound();
  const email = await newestDeliveredEmailTo(getDb(), to);
  if (!email) throw notFound();
  // A whole document (language, title), as a mail client shows it, so the browser suite's page checks apply.
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(email.subject)}</title></head><body>${email.html}</body></html>`;
  return new Response(page, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-email-subject': encodeURIComponent(email.subject),
    },
  });
}
