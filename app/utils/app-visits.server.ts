import { recordPageView } from '@modules/admin/index.server';
import { getDb, logger } from '@modules/shared/index.server';

/**
 * App visits (issue 25 s.1, docs/decisions/268-app-visits-on-the-server.md): the app layout's loader
 * records one page view per page change, on the server, with no beacon in the browser:
 *  - a document load of an /app page (JS off, a reload, a link from outside);
 *  - a client navigation inside /app: the layout revalidates whenever the path changes
 *    (app.tsx shouldRevalidate), so its `?_data=` request comes once per navigation. A revalidation
 *    of the page being shown (after a form post or a fetcher) carries that page as its Referer and
 *    is not a page change, so it is not recorded.
 * `/app` itself only redirects, so it is left out. A failure to record is logged, never shown.
 */
const REDIRECT_ONLY = new Set(['/app', '/app/']);

export function isAppPageChange(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = new URL(request.url);
  if (REDIRECT_ONLY.has(url.pathname)) return false;
  if (!url.searchParams.has('_data')) return true;
  const referer = request.headers.get('referer');
  if (!referer) return true;
  try {
    const from = new URL(referer);
    const to = new URL(url);
    to.searchParams.delete('_data');
    return !(from.origin === to.origin && from.pathname === to.pathname && from.search === to.search);
  } catch {
    return true;
  }
}

/** The page the request shows, without Remix's `_data` parameter. */
function shownUrl(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete('_data');
  return url;
}

export async function recordAppVisit(request: Request, userId: number): Promise<void> {
  if (!isAppPageChange(request)) return;
  const url = shownUrl(request);
  try {
    await recordPageView(getDb(), { url: url.href.slice(0, 2000), path: url.pathname.slice(0, 2000) }, userId);
  } catch (e) {
    logger().warn({ err: e, path: url.pathname }, 'app visit not recorded');
  }
}
