import { recordPageView } from '@modules/admin/index.server';
import { getDb, logger } from '@modules/shared/index.server';

/**
 * App visits (issue 25 s.1, docs/decisions/268-app-visits-on-the-server.md): the app layout's loader
 * records one page view per page change, on the server, with no beacon in the browser:
 *  - a document load of an /app page (JS off, a reload, a link from outside);
 *  - a client navigation inside /app: the layout revalidates whenever the path changes
 *    (app.tsx shouldRevalidate), so its loader runs in the navigation's data request.
 * A request whose Referer is the very page requested is the page being shown again (a revalidation
 * after a form post or a fetcher, with or without JavaScript), not a page change: not recorded.
 * `/app` itself only redirects, so it is left out. A failure to record is logged, never shown.
 */
const REDIRECT_ONLY = new Set(['/app', '/app/']);
const REMIX_PARAMS = ['_data', '_routes', 'index'];

export function isAppPageChange(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = shownUrl(request);
  if (REDIRECT_ONLY.has(url.pathname)) return false;
  const referer = request.headers.get('referer');
  if (!referer) return true;
  try {
    const from = new URL(referer);
    for (const p of REMIX_PARAMS) from.searchParams.delete(p);
    return !(from.origin === url.origin && from.pathname.replace(/\.data$/, '') === url.pathname && from.search === url.search);
  } catch {
    return true;
  }
}

/** The page the request shows, without Remix's `_data` parameter. */
function shownUrl(request: Request) {
  const url = new URL(request.url);
  for (const p of REMIX_PARAMS) url.searchParams.delete(p);
  url.pathname = url.pathname.replace(/\.data$/, '');
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
