import type { Db } from '@modules/shared/index.server';
import type { PageEventInput, PageViewInput } from './schemas';

/**
 * Page views (/api/public/p) and events (/api/public/t): ONE insert per call, the category
 * computed here from the path, the user id when signed in (team retention insights are
 * built later from (user_id, created_at)).
 */
export type PageCategory = 'Site' | 'App' | 'Auth' | 'Admin' | 'Unknown';

/** The public site's own paths (public-site spec 2.1) besides '/' and the legacy '/site/...'. */
const SITE_PREFIXES = [
  '/site',
  '/how',
  '/platform',
  '/pricing',
  '/articles',
  '/contact',
  '/try-for-free',
  '/privacy-policy',
  '/terms-conditions',
  '/user-feedback',
  '/unsubscribe',
  '/license-expired',
  '/under-construction',
  '/404',
  '/courses',
];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function pageCategory(path: string | null | undefined): PageCategory {
  const p = (path ?? '').split(/[?#]/)[0]!.toLowerCase().replace(/\/+$/, '') || '/';
  if (p === '/') return 'Site';
  if (under(p, '/app')) return 'App';
  if (under(p, '/auth')) return 'Auth';
  if (under(p, '/admin')) return 'Admin';
  if (SITE_PREFIXES.some((s) => under(p, s))) return 'Site';
  return 'Unknown';
}

function pathOf(input: PageViewInput): string | null {
  if (input.path) return input.path;
  if (!input.url) return null;
  try {
    return new URL(input.url, 'http://x').pathname;
  } catch {
    return null;
  }
}

function columns(input: PageViewInput, userId: number | null) {
  const path = pathOf(input);
  return {
    url: input.url ?? null,
    path,
    cid: input.cid ?? null,
    referrer: input.referrer ?? null,
    redirected_from: input.redirectedFrom ?? null,
    language: input.language ?? null,
    utm_source: input.utmSource ?? null,
    utm_medium: input.utmMedium ?? null,
    utm_campaign: input.utmCampaign ?? null,
    utm_term: input.utmTerm ?? null,
    utm_content: input.utmContent ?? null,
    name: input.name ?? null,
    category: pageCategory(path),
    user_id: userId,
  };
}

export async function recordPageView(db: Db, input: PageViewInput, userId: number | null): Promise<void> {
  await db.insertInto('page_views').values(columns(input, userId)).execute();
}

export async function recordPageEvent(db: Db, input: PageEventInput, userId: number | null): Promise<void> {
  await db
    .insertInto('page_events')
    .values({
      ...columns(input, userId),
      event: input.event,
      properties: input.properties == null ? null : JSON.stringify(input.properties),
    })
    .execute();
}
