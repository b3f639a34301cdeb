import { createHash } from 'node:crypto';
import { htmlToText } from '@modules/shared/html-text';
import type { Db } from '@modules/shared/db/database';
import { safeFetch, type SafeFetchOptions } from '@modules/shared/safe-fetch.server';
import { isDomainError } from '@modules/shared/errors';
import { consumeLinkPreviewFetch } from './abuse-limits.server';

/** A link preview (learner-app s.3) from Open Graph fields; every string sanitised to plain text. */
export interface LinkPreview {
  url: string;
  title: string | null;
  description: string | null;
  image: string | null;
  video: string | null;
}

const FRESH_MS = 24 * 3600_000;
const FAILED_FRESH_MS = 3600_000;

/** Plain text only (the one htmlToText, one paragraph), control characters removed, bounded. */
export function cleanText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = htmlToText(value.replace(/[\u0000-\u001f\u007f]+/g, ' '), 'paragraph');
  return text ? text.slice(0, max) : null;
}

/** An http(s) URL (relative ones resolved against the page), or nothing. */
export function cleanUrl(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  try {
    const u = new URL(value, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

const firstUrl = (v: unknown): unknown => (Array.isArray(v) ? (v[0] as { url?: unknown } | undefined)?.url : (v as { url?: unknown } | undefined)?.url);

/** Parses the Open Graph fields of a page already fetched (open-graph-scraper never fetches here). */
export async function previewFromHtml(html: string, pageUrl: string): Promise<LinkPreview> {
  const { default: ogs } = await import('open-graph-scraper');
  const { result } = await ogs({ html }).catch(() => ({ result: {} as Record<string, unknown> }));
  const r = result as Record<string, unknown>;
  return {
    url: pageUrl,
    title: cleanText(r.ogTitle ?? r.twitterTitle ?? r.dcTitle, 300),
    description: cleanText(r.ogDescription ?? r.twitterDescription, 1000),
    image: cleanUrl(firstUrl(r.ogImage) ?? firstUrl(r.twitterImage), pageUrl),
    video: cleanUrl(firstUrl(r.ogVideo) ?? firstUrl(r.twitterPlayer), pageUrl),
  };
}

const hashOf = (url: string) => createHash('sha256').update(url).digest('hex');

export interface LinkPreviewOptions {
  /** Tests only: the fetch policy (safe-fetch's test hook). */
  fetchOptions?: SafeFetchOptions;
  now?: Date;
}

/**
 * The preview of a URL for a user, cached per URL (a day; a failure an hour, so a refused address is
 * not fetched again at every keystroke). The fetch is the SSRF-safe one; a refusal answers null. A
 * URL not in the cache counts against the user's link-preview limit (and the server-wide one) before
 * anything is fetched; over it, DomainError 'rate_limited' and nothing is fetched or cached.
 */
export async function getLinkPreview(db: Db, userId: number, url: string, opts: LinkPreviewOptions = {}): Promise<LinkPreview | null> {
  const now = opts.now ?? new Date();
  const urlHash = hashOf(url);
  const cached = await db.selectFrom('link_previews').select(['preview', 'fetched_at']).where('url_hash', '=', urlHash).executeTakeFirst();
  if (cached) {
    const age = now.getTime() - new Date(cached.fetched_at).getTime();
    if (age < (cached.preview ? FRESH_MS : FAILED_FRESH_MS)) return (cached.preview as LinkPreview | null) ?? null;
  }
  await consumeLinkPreviewFetch(userId);
  let preview: LinkPreview | null = null;
  try {
    const page = await safeFetch(url, opts.fetchOptions);
    preview = await previewFromHtml(page.body.toString('utf8'), page.url);
  } catch (error) {
    if (!isDomainError(error)) throw error;
  }
  const json = preview ? JSON.stringify(preview) : null;
  await db
    .insertInto('link_previews')
    .values({ url_hash: urlHash, url: url.slice(0, 10000), preview: json, fetched_at: now })
    .onConflict((oc) => oc.column('url_hash').doUpdateSet({ preview: json, fetched_at: now }))
    .execute();
  return preview;
}

/**
 * Adds the cached preview of each post's URL (one query, none when no post has a URL). Reads only
 * the cache the editor filled: nothing is fetched while a page renders. Strings are cleaned again
 * on the way out, so a cache row written by older code cannot carry markup or a script URL.
 */
export async function withLinkPreviews<P extends { url: string | null }>(db: Db, posts: P[]): Promise<(P & { linkPreview: LinkPreview | null })[]> {
  const urls = [...new Set(posts.map((p) => p.url).filter((u): u is string => !!u))];
  const byUrl = new Map<string, LinkPreview>();
  if (urls.length) {
    const rows = await db
      .selectFrom('link_previews')
      .select(['url', 'preview'])
      .where('url_hash', 'in', urls.map(hashOf))
      .where('preview', 'is not', null)
      .execute();
    for (const r of rows) {
      const p = (typeof r.preview === 'string' ? JSON.parse(r.preview) : r.preview) as Partial<LinkPreview> | null;
      if (!p) continue;
      const title = cleanText(p.title, 300);
      const description = cleanText(p.description, 1000);
      const image = cleanUrl(p.image, r.url);
      if (!title && !description && !image) continue;
      byUrl.set(r.url, { url: r.url, title, description, image, video: cleanUrl(p.video, r.url) });
    }
  }
  return posts.map((p) => ({ ...p, linkPreview: (p.url && byUrl.get(p.url)) || null }));
}
