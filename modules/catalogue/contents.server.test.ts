import { describe, expect, it, beforeAll } from 'vitest';
import { sql } from 'kysely';
import { getDb } from '@modules/shared/index.server';
import {
  countPublicContents,
  ensureArticleTags,
  findTag,
  getPublicContentWithRelated,
  listPublicArticlesPage,
  listPublicContents,
  saveContent,
  seedArticles,
} from './contents.server';
import { readingTimeMinutes, sanitizeArticleHtml, wordCount } from './contents-html';
import { FIXTURE_ARTICLES } from '../../tests/support/content';

const words = (n: number) => `<p>${Array.from({ length: n }, (_, i) => `word${i}`).join(' ')}</p>`;

let seq = 0;
async function article(opts: { tags?: string[]; isPublic?: boolean; daysAgo?: number; html?: string } = {}) {
  seq += 1;
  const letters = seq.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);
  const urlId = `test-article-${letters}`;
  const contentId = await saveContent(getDb(), {
    urlId,
    name: `Test article ${seq}`,
    isPublic: opts.isPublic ?? true,
    overview: 'An overview.',
    htmlContent: opts.html ?? words(50),
    tagUrlIds: opts.tags ?? [],
    createdAt: new Date(Date.UTC(2025, 0, 1) - (opts.daysAgo ?? seq) * 86_400_000),
  });
  return { contentId, urlId };
}

describe('articles (catalogue contents)', () => {
  beforeAll(async () => {
    await ensureArticleTags(getDb());
  });

  it('pages the list 10 first (one featured), then 9, newest first, without overlap', async () => {
    const db = getDb();
    const before = await countPublicContents(db);
    for (let i = 0; i < 25 - before; i++) await article({ daysAgo: 1000 + i });
    await article({ isPublic: false, daysAgo: 0 });
    const p1 = await listPublicArticlesPage(db, { tag: null, page: 1 });
    const p2 = await listPublicArticlesPage(db, { tag: null, page: 2 });
    const p3 = await listPublicArticlesPage(db, { tag: null, page: 3 });
    expect(p1.articles).toHaveLength(10);
    expect(p2.articles).toHaveLength(9);
    expect(p3.articles).toHaveLength(6);
    expect(p1.pageCount).toBe(3);
    const ids = [...p1.articles, ...p2.articles, ...p3.articles].map((a) => a.contentId);
    expect(new Set(ids).size).toBe(25);
    const dates = [...p1.articles, ...p2.articles].map((a) => a.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('bounds limit and offset', async () => {
    const db = getDb();
    expect((await listPublicContents(db, { limit: 10_000 })).length).toBeLessThanOrEqual(50);
    expect(await listPublicContents(db, { limit: 9, offset: 1e9 })).toEqual([]);
    expect(await listPublicContents(db, { limit: -5 })).toEqual([]);
  });

  it('filters by tag, and Others lists only untagged articles', async () => {
    const db = getDb();
    const business = await article({ tags: ['business'] });
    const both = await article({ tags: ['business', 'training'] });
    const untagged = await article({ tags: [] });
    const tag = await findTag(db, 'business');
    expect(tag).toMatchObject({ urlId: 'business', name: 'Business' });
    const byTag = await listPublicContents(db, { tag: tag as { tagId: number }, limit: 50 });
    expect(byTag.map((a) => a.contentId).sort()).toEqual([business.contentId, both.contentId].sort());
    expect(byTag.every((a) => a.tags.some((t) => t.urlId === 'business'))).toBe(true);
    const others = await listPublicContents(db, { tag: 'others', limit: 50 });
    expect(others.map((a) => a.contentId)).toContain(untagged.contentId);
    expect(others.every((a) => a.tags.length === 0)).toBe(true);
    expect(await findTag(db, String((tag as { tagId: number }).tagId))).toEqual(tag);
    expect(await findTag(db, 'OTHERS')).toBe('others');
    expect(await findTag(db, 'no-such-tag')).toBeNull();
    expect(await findTag(db, '<script>')).toBeNull();
  });

  it('relates articles sharing the most tags, never itself or a private one', async () => {
    const db = getDb();
    const subject = await article({ tags: ['leadership-skills', 'emotional-intelligence'], daysAgo: 5000 });
    const twoShared = await article({ tags: ['leadership-skills', 'emotional-intelligence'], daysAgo: 6000 });
    const oneShared = await article({ tags: ['emotional-intelligence'], daysAgo: 5500 });
    await article({ tags: ['leadership-skills', 'emotional-intelligence'], isPublic: false, daysAgo: 10 });
    const found = await getPublicContentWithRelated(db, subject.urlId);
    const related = found!.relatedContents.map((r) => r.contentId);
    expect(related).toHaveLength(3);
    expect(related[0]).toBe(twoShared.contentId);
    expect(related[1]).toBe(oneShared.contentId);
    expect(related).not.toContain(subject.contentId);
  });

  it('relates the same articles as ranking the whole catalogue did, for tagged and untagged articles alike', async () => {
    const db = getDb();
    const tagSets = [[], ['leadership-skills'], ['emotional-intelligence'], ['leadership-skills', 'emotional-intelligence'], ['training'], ['training', 'leadership-skills']];
    const made = [];
    for (let i = 0; i < 24; i++) {
      const tags = tagSets[i % tagSets.length]!;
      made.push({ ...(await article({ tags, daysAgo: 7000 + ((i * 7) % 13), isPublic: i % 11 !== 5 })), tagCount: tags.length });
    }
    // The ranking the page used before (issue 16): every public article ordered by shared tags (or, for an
    // untagged article, by its own tag count), then newest.
    const reference = async (contentId: number) => {
      const tagIds = (await db.selectFrom('content_tags').select('tag_id').where('content_id', '=', contentId).execute()).map((t) => t.tag_id);
      let q = db.selectFrom('contents as c').where('c.is_public', '=', true).where('c.id', '!=', contentId).select('c.id');
      q = tagIds.length
        ? q.leftJoin('content_tags as ct', (j) => j.onRef('ct.content_id', '=', 'c.id').on('ct.tag_id', 'in', tagIds)).groupBy('c.id').orderBy(sql`count(ct.tag_id)`, 'desc')
        : q.orderBy(sql`(select count(*) from content_tags x where x.content_id = c.id)`, 'asc');
      return (await q.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(3).execute()).map((r) => r.id);
    };
    for (const a of made.filter((_, i) => i % 11 !== 5)) {
      const found = await getPublicContentWithRelated(db, a.urlId);
      const expected = await reference(a.contentId);
      const got = found!.relatedContents.map((r) => r.contentId);
      if (a.tagCount) {
        expect(got, a.urlId).toEqual(expected);
      } else {
        // Untagged: the other untagged first (newest first) as before; the rest is newest first (the old
        // order ranked the rest by fewest tags). Enough untagged public articles exist here to fill all 3.
        const tagged = await db.selectFrom('content_tags').select('content_id').where('content_id', 'in', got).execute();
        expect(tagged, a.urlId).toEqual([]);
        expect(got, a.urlId).toEqual(expected);
      }
    }
  });

  it('finds an article by urlId or id, but not a private one', async () => {
    const db = getDb();
    const a = await article({ tags: ['training'] });
    const hidden = await article({ isPublic: false });
    expect((await getPublicContentWithRelated(db, a.urlId))?.content.contentId).toBe(a.contentId);
    expect((await getPublicContentWithRelated(db, a.contentId))?.content.urlId).toBe(a.urlId);
    expect(await getPublicContentWithRelated(db, hidden.urlId)).toBeNull();
    expect(await getPublicContentWithRelated(db, 'no-such-article')).toBeNull();
    expect(await getPublicContentWithRelated(db, '../etc/passwd')).toBeNull();
  });

  it('reads at 200 words a minute, rounding up', () => {
    expect(readingTimeMinutes(words(400))).toBe(2);
    expect(readingTimeMinutes(words(401))).toBe(3);
    expect(readingTimeMinutes('<p>Short.</p>')).toBe(1);
    expect(wordCount('<p>one</p><p>two</p><h2>three&amp;four</h2> &mdash; ')).toBe(3);
    expect(readingTimeMinutes(`<h2>Title</h2>${words(199)}<script>${'x '.repeat(5000)}</script>`)).toBe(1);
  });

  it('sanitises article HTML when written and again when read', async () => {
    const db = getDb();
    const evil =
      '<p onclick="alert(1)">Hello <a href="javascript:alert(1)">x</a></p><script>alert("pwned")</script><img src="x" onerror="alert(2)"><iframe src="https://evil.example"></iframe><h2 style="color:red">Ok</h2>';
    const a = await article({ html: evil });
    const stored = await db.selectFrom('contents').select('html_content').where('id', '=', a.contentId).executeTakeFirstOrThrow();
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe', 'style=']) expect(stored.html_content).not.toContain(bad);
    expect(stored.html_content).toContain('<h2>Ok</h2>');

    // A row written behind saveContent's back is still sanitised on the way out.
    await db.updateTable('contents').set({ html_content: evil }).where('id', '=', a.contentId).execute();
    const read = await getPublicContentWithRelated(db, a.urlId);
    expect(read!.content.htmlContent).not.toContain('<script');
    expect(read!.content.htmlContent).not.toContain('onerror');
    expect(sanitizeArticleHtml('<a href="https://x.example" target="_blank">x</a>')).toContain('rel="noopener noreferrer"');
  });

  it('refuses a urlId that is not lowercase letters and hyphens', async () => {
    await expect(
      saveContent(getDb(), { urlId: 'Bad_ID1', name: 'x', overview: 'x', htmlContent: '<p>x</p>' }),
    ).rejects.toThrow(/lowercase letters and hyphens/);
  });

  it('seeds a folder of articles with their images, and a second run changes nothing', async () => {
    const db = getDb();
    const folder = FIXTURE_ARTICLES;
    const n = await seedArticles(db, folder);
    expect(n).toBe(4);
    const first = await db
      .selectFrom('contents')
      .select(['url_id', 'feature_image_blob_id'])
      .where('url_id', '=', 'feedback-that-lands')
      .executeTakeFirstOrThrow();
    expect(first.feature_image_blob_id).toBeTruthy();
    const blob = await db.selectFrom('blobs').selectAll().where('id', '=', first.feature_image_blob_id!).executeTakeFirstOrThrow();
    expect(blob.content_type).toBe('image/svg+xml');
    const countBefore = await db.selectFrom('contents').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await seedArticles(db, folder);
    const again = await db.selectFrom('contents').select('feature_image_blob_id').where('url_id', '=', 'feedback-that-lands').executeTakeFirstOrThrow();
    const countAfter = await db.selectFrom('contents').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(again.feature_image_blob_id).toBe(first.feature_image_blob_id);
    expect(Number(countAfter.n)).toBe(Number(countBefore.n));
    const others = await listPublicContents(db, { tag: 'others', limit: 50 });
    expect(others.map((a) => a.urlId)).toEqual(expect.arrayContaining(['handling-conflict-before-it-hardens']));
  });
});
