import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { saveContent, seedArticles } from '@modules/catalogue/index.server';
import * as home from './_index';
import * as articles from './articles._index';
import * as byTag from './articles.tag.$tag';
import * as article from './articles.$urlId';
import * as blobs from './blobs.$blobId';
import { args, getRequest, run, runData } from '../../tests/support/remix';
import { makeUser, signIn } from '../../tests/support/factories';
import { FIXTURE_PUBLIC_ARTICLES } from '../../tests/support/content';

const extra = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];

describe('article pages', () => {
  beforeAll(async () => {
    await seedArticles(getDb(), FIXTURE_PUBLIC_ARTICLES);
    // 13 fixture + 10 older ones = 23 public articles: pages of 10, 9 and 4.
    for (const [i, name] of extra.entries()) {
      await saveContent(getDb(), {
        urlId: `older-article-${name}`,
        name: `Older article ${name}`,
        isPublic: true,
        overview: 'Older.',
        htmlContent: '<p>Older article.</p>',
        tagUrlIds: i % 2 ? ['business'] : [],
        createdAt: new Date(Date.UTC(2020, 0, 1 + i)),
      });
    }
    await saveContent(getDb(), { urlId: 'draft-article', name: 'Draft', isPublic: false, overview: 'x', htmlContent: '<p>x</p>' });
  });

  it('home shows the 3 latest public articles', async () => {
    const res = await runData(() => home.loader(args(getRequest('/'))));
    expect(res.data.articles.map((a: any) => a.urlId)).toEqual([
      'making-better-decisions-as-a-team',
      'recognising-burnout-early',
      'onboarding-that-builds-confidence',
    ]);
  });

  it('pages /articles: the first page features one and lists 9, later pages 9', async () => {
    const p1 = await runData(() => articles.loader(args(getRequest('/articles'))));
    expect(p1.status).toBe(200);
    expect(p1.data.featured?.urlId).toBe('making-better-decisions-as-a-team');
    expect(p1.data.articles).toHaveLength(9);
    expect(p1.data.pageCount).toBe(3);
    const p2 = await runData(() => articles.loader(args(getRequest('/articles?page=2'))));
    expect(p2.data.featured).toBeNull();
    expect(p2.data.articles).toHaveLength(9);
    const p3 = await runData(() => articles.loader(args(getRequest('/articles?page=3'))));
    expect(p3.data.articles).toHaveLength(4);
    const all = [p1.data.featured, ...p1.data.articles, ...p2.data.articles, ...p3.data.articles].map((a: any) => a.urlId);
    expect(new Set(all).size).toBe(23);
    expect(all).not.toContain('draft-article');
  });

  it('answers 404 for a malformed, unbounded or past-the-end page', async () => {
    for (const q of ['?page=abc', '?page=0', '?page=-1', '?page=99999999', '?page=4', '?page=1e3']) {
      const res = await run(() => articles.loader(args(getRequest(`/articles${q}`))));
      expect(res.status, q).toBe(404);
    }
  });

  it('filters by tag urlId, redirects a tag id to its urlId, and Others lists untagged articles', async () => {
    const business = await runData(() => byTag.loader(args(getRequest('/articles/tag/business'), { tag: 'business' })));
    expect(business.data.tag).toEqual({ urlId: 'business', name: 'Business' });
    const list = [business.data.featured, ...business.data.articles];
    expect(list.length).toBe(7);
    expect(list.every((a: any) => a.tags.some((t: any) => t.urlId === 'business'))).toBe(true);
    const tagId = list[0]?.tags.find((t) => t.urlId === 'business')?.tagId;
    const byId = await run(() => byTag.loader(args(getRequest(`/articles/tag/${tagId}?page=2`), { tag: String(tagId) })));
    expect(byId.status).toBe(301);
    expect(byId.location).toBe('/articles/tag/business?page=2');
    const others = await runData(() => byTag.loader(args(getRequest('/articles/tag/others'), { tag: 'others' })));
    const untagged = [others.data.featured, ...others.data.articles];
    expect(untagged.map((a: any) => a.urlId)).toEqual(expect.arrayContaining(['handling-conflict-before-it-hardens', 'recognising-burnout-early', 'older-article-alpha']));
    expect(untagged.every((a: any) => a.tags.length === 0)).toBe(true);
    const unknown = await run(() => byTag.loader(args(getRequest('/articles/tag/nonsense'), { tag: 'nonsense' })));
    expect(unknown.status).toBe(404);
  });

  it('shows "No articles to display." data when a tag has none', async () => {
    await getDb().insertInto('tags').values({ url_id: 'empty-topic', name: 'Empty topic', ordinal: 99 }).execute();
    const res = await runData(() => byTag.loader(args(getRequest('/articles/tag/empty-topic'), { tag: 'empty-topic' })));
    expect(res.status).toBe(200);
    expect(res.data.featured).toBeNull();
    expect(res.data.articles).toEqual([]);
  });

  it('shows one article with reading time, tags and 3 related; an id redirects to the urlId', async () => {
    const res = await runData(() => article.loader(args(getRequest('/articles/feedback-that-lands'), { urlId: 'feedback-that-lands' })));
    expect(res.status).toBe(200);
    const c = res.data.content;
    expect(c).toMatchObject({ name: expect.stringContaining('Feedback that lands'), authorLabel: 'Marcus Whitlow, Leadership Coach', featureImageCaption: 'Feedback flows both ways.' });
    expect(c.featureImageUrl).toMatch(/^\/blobs\//);
    expect(c.tags.map((t: any) => t.urlId)).toEqual(['leadership-skills', 'emotional-intelligence']);
    const words = c.htmlContent.replace(/<[^>]+>/g, ' ').replace(/&[a-z#0-9]+;/gi, '').trim().split(/\s+/).filter((w: string) => /[A-Za-z0-9]/.test(w)).length;
    expect(words).toBeGreaterThan(400);
    expect(c.readingTimeMinutes).toBe(Math.ceil(words / 200));
    expect(res.data.relatedContents).toHaveLength(3);
    expect(res.data.relatedContents.map((r: any) => r.urlId)).not.toContain('feedback-that-lands');
    expect(res.data.canEdit).toBe(false);
    const byId = await run(() => article.loader(args(getRequest(`/articles/${c.contentId}`), { urlId: String(c.contentId) })));
    expect(byId.status).toBe(301);
    expect(byId.location).toBe('/articles/feedback-that-lands');
  });

  it('answers 404 for an unknown or unpublished article', async () => {
    for (const urlId of ['no-such-article', 'draft-article', '99999', 'Bad..Id']) {
      const res = await run(() => article.loader(args(getRequest(`/articles/${urlId}`), { urlId })));
      expect(res.status, urlId).toBe(404);
    }
  });

  it('offers product admins an Edit button', async () => {
    const admin = await makeUser({ isLedaAdmin: true, organisationId: null });
    const { cookie } = await signIn(admin.userId);
    const res = await runData(() => article.loader(args(getRequest('/articles/feedback-that-lands', { cookie }), { urlId: 'feedback-that-lands' })));
    expect(res.data.canEdit).toBe(true);
    const learner = await makeUser();
    const s = await signIn(learner.userId);
    const res2 = await runData(() => article.loader(args(getRequest('/articles/feedback-that-lands', { cookie: s.cookie }), { urlId: 'feedback-that-lands' })));
    expect(res2.data.canEdit).toBe(false);
  });

  it('never renders a stored script tag', async () => {
    await getDb()
      .insertInto('contents')
      .values({ url_id: 'sneaky-article', name: 'Sneaky', is_public: true, overview: 'x', html_content: '<p>Hi</p><script>alert(1)</script><img src=x onerror="alert(2)">' })
      .execute();
    const res = await runData(() => article.loader(args(getRequest('/articles/sneaky-article'), { urlId: 'sneaky-article' })));
    expect(res.data.content.htmlContent).toContain('<p>Hi</p>');
    expect(res.data.content.htmlContent).not.toMatch(/<script|onerror/);
  });

  it('serves a feature image with its type, a long cache and a sandbox CSP for SVG', async () => {
    const res = await runData(() => article.loader(args(getRequest('/articles/feedback-that-lands'), { urlId: 'feedback-that-lands' })));
    const blobId = res.data.content.featureImageUrl?.split('/').pop() ?? '';
    const img = await blobs.loader(args(getRequest(`/blobs/${blobId}`), { blobId }));
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/svg+xml');
    expect(img.headers.get('cache-control')).toContain('max-age=31536000');
    expect(img.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(await img.text()).toContain('<svg');
    for (const id of ['nope-nope-nope-nope-nope', '../../etc/passwd']) {
      expect((await blobs.loader(args(getRequest('/blobs/x'), { blobId: id }))).status).toBe(404);
    }
  });
});
