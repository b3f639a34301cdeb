import { useEffect, useState } from 'react';
import type { FeedPost } from './post-card';

/** One page of the team feed as its loader returns it. */
export type FeedPageData = { posts: unknown; hasMore: boolean; offset: number; nextCursor?: string | null };
type FeedPage = { posts: FeedPost[]; hasMore: boolean; nextCursor?: string | null };
/** The pages 'Load more posts' fetched, by offset, for the location they were loaded at. */
export type LoadedPages = { locationKey: string; pages: Record<number, FeedPage> };

/**
 * Records a page the fetcher answered. A page at an offset already loaded replaces it (a
 * revalidation reloads the newest page only); a new location starts from nothing.
 */
export function withLoadedPage(prev: LoadedPages, locationKey: string, page: FeedPageData): LoadedPages {
  const pages = prev.locationKey === locationKey ? prev.pages : {};
  return { locationKey, pages: { ...pages, [page.offset]: { posts: page.posts as FeedPost[], hasMore: page.hasMore, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) } } };
}

/**
 * The team feed's first page and the pages 'Load more posts' fetched after it. Pages are kept by
 * offset: a revalidation (after a like or a pin) reloads only the fetcher's newest page, which then
 * replaces itself, so no page is lost or shown twice. A new location (a navigation, the redirect
 * after posting) starts again at the first page.
 */
export function useFeedPages(first: FeedPageData, more: { data?: FeedPageData; state: string }, locationKey: string) {
  const [loaded, setLoaded] = useState<LoadedPages>({ locationKey, pages: {} });
  useEffect(() => {
    const d = more.data;
    if (d && more.state === 'idle') setLoaded((prev) => withLoadedPage(prev, locationKey, d));
  }, [more.data, more.state, locationKey]);
  return feedPages(first, loaded.locationKey === locationKey ? loaded.pages : {});
}

/** The first page and the pages loaded after it, in offset order, each post once; the last page's cursor for the next. */
export function feedPages(first: FeedPageData, more: Record<number, FeedPage>) {
  const seen = new Set<number>();
  const posts: FeedPost[] = [];
  let hasMore = first.hasMore;
  let lastOffset = first.offset;
  let nextCursor = first.nextCursor ?? undefined;
  const later = Object.entries(more)
    .map(([o, p]) => [Number(o), p] as const)
    .filter(([o]) => o > first.offset)
    .sort((a, b) => a[0] - b[0]);
  for (const [offset, page] of [[first.offset, { posts: first.posts as FeedPost[], hasMore, nextCursor }] as const, ...later]) {
    for (const p of page.posts) {
      if (seen.has(p.postId)) continue;
      seen.add(p.postId);
      posts.push(p);
    }
    hasMore = page.hasMore;
    lastOffset = offset;
    nextCursor = page.nextCursor ?? undefined;
  }
  return { posts, hasMore, lastOffset, nextCursor };
}
