import { describe, expect, it } from 'vitest';
import { feedPages, withLoadedPage, type LoadedPages } from './feed-pages';
import type { FeedPost } from './post-card';

const posts = (...ids: number[]) => ids.map((postId) => ({ postId }) as FeedPost);
const ids = (r: ReturnType<typeof feedPages>) => r.posts.map((p) => p.postId);

/** The team feed's pages after 'Load more posts': order, each post once, and what comes next. */
describe('feedPages', () => {
  const first = { posts: posts(1, 2), hasMore: true, offset: 0 };

  it('is the first page alone before anything is loaded', () => {
    expect(feedPages(first, {})).toEqual({ posts: posts(1, 2), hasMore: true, lastOffset: 0 });
  });

  it('appends the loaded pages in offset order, whatever order they came in', () => {
    const r = feedPages(first, { 4: { posts: posts(5, 6), hasMore: false }, 2: { posts: posts(3, 4), hasMore: true } });
    expect(ids(r)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r).toMatchObject({ hasMore: false, lastOffset: 4 });
  });

  it('keeps page 2 when a like revalidates and the fetcher answers page 3 again', () => {
    const none: LoadedPages = { locationKey: 'a', pages: {} };
    const page = (offset: number, ids: number[], hasMore: boolean) => ({ posts: posts(...ids), hasMore, offset });
    let loaded = withLoadedPage(none, 'a', page(2, [3, 4], true));
    loaded = withLoadedPage(loaded, 'a', page(4, [5, 6], false));
    // The revalidation: the fetcher's newest page comes back (a like changed one of its posts).
    loaded = withLoadedPage(loaded, 'a', page(4, [5, 6], false));
    expect(ids(feedPages(first, loaded.pages))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('starts again from the first page at a new location (the redirect after posting)', () => {
    const loaded = withLoadedPage({ locationKey: 'a', pages: {} }, 'a', { posts: posts(3, 4), hasMore: true, offset: 2 });
    const after = withLoadedPage(loaded, 'b', { posts: posts(9), hasMore: false, offset: 2 });
    expect(after).toEqual({ locationKey: 'b', pages: { 2: { posts: posts(9), hasMore: false } } });
  });

  it('shows a post once when a new post shifted the offsets between loads', () => {
    expect(ids(feedPages(first, { 2: { posts: posts(2, 3), hasMore: true } }))).toEqual([1, 2, 3]);
  });

  it("names the last loaded page's cursor for the next 'Load more posts' (keyset, decision 352)", () => {
    expect(feedPages({ ...first, nextCursor: '1_a_2' }, {}).nextCursor).toBe('1_a_2');
    const r = feedPages({ ...first, nextCursor: '1_a_2' }, { 2: { posts: posts(3, 4), hasMore: true, nextCursor: '1_b_4' } });
    expect(r).toMatchObject({ lastOffset: 2, nextCursor: '1_b_4', hasMore: true });
    expect(feedPages(first, { 2: { posts: posts(3), hasMore: false } }).nextCursor).toBeUndefined();
  });

  it('ignores a page at or before the first page (a ?offset=N page load)', () => {
    const r = feedPages({ ...first, offset: 10 }, { 0: { posts: posts(9), hasMore: true }, 10: { posts: posts(8), hasMore: true } });
    expect(ids(r)).toEqual([1, 2]);
    expect(r.lastOffset).toBe(10);
  });
});
