import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { onQuery } from '@modules/shared/db/db.server';
import { ensureArticleTags, getPublicContentWithRelated, listPublicArticlesPage, listPublicContents, saveContent } from './contents.server';
import { storedHtmlForDisplay } from './contents-html';

/**
 * What an article view and the /articles pager cost per request (issue 16, docs/decisions/143):
 * stored HTML is shown as stored (it was sanitised when saved), and the pager's article count is
 * not taken again on every request, yet a new article is counted at once.
 */
const body = (n: number) => `<p>${Array.from({ length: n }, (_, i) => `word${i}`).join(' ')}</p>`;
let seq = 0;
const letters = (n: number) => n.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);
const save = (isPublic = true, html = body(400)) =>
  saveContent(getDb(), { urlId: `cost-article-${letters(++seq)}`, name: `Cost article ${seq}`, isPublic, overview: 'Overview.', htmlContent: html });

async function queriesOf(fn: () => Promise<unknown>) {
  let n = 0;
  const off = onQuery(() => n++);
  try {
    await fn();
  } finally {
    off();
  }
  return n;
}

describe('article costs per request', () => {
  beforeAll(async () => {
    await ensureArticleTags(getDb());
  });

  it('shows the stored HTML with its reading time, sanitising each distinct text once, not per view', async () => {
    const id = await save(true, `${body(450)}<script>alert(1)</script><p onclick="x()">Click</p>`);
    const stored = await getDb().selectFrom('contents').select('html_content').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.html_content).not.toContain('<script');
    const view = await getPublicContentWithRelated(getDb(), id);
    expect(view?.content.htmlContent).toBe(stored.html_content);
    expect(view?.content.readingTimeMinutes).toBe(3); // 451 words at 200 a minute
    // The second view reuses the first one's result (the same object), the first sanitised it.
    const shown = storedHtmlForDisplay(stored.html_content);
    expect(storedHtmlForDisplay(stored.html_content)).toBe(shown);
    expect(storedHtmlForDisplay(`${stored.html_content}<img src=x onerror="y()">`).html).not.toContain('onerror');
  });

  it('counts the public articles once for a run of /articles requests, and again after a save', async () => {
    const db = getDb();
    await save();
    const first = await listPublicArticlesPage(db, { tag: null, page: 1 });
    const listOnly = await queriesOf(() => listPublicContents(db, { tag: null, limit: 10, offset: 0 }));
    const warm = await queriesOf(() => listPublicArticlesPage(db, { tag: null, page: 1 }));
    expect(warm).toBe(listOnly); // no count query: it came from the cache
    for (let i = 0; i < 10; i++) await save();
    const cold = await queriesOf(() => listPublicArticlesPage(db, { tag: null, page: 1 }));
    expect(cold).toBe(listOnly + 1); // the save cleared it: counted once more
    const after = await listPublicArticlesPage(db, { tag: null, page: 1 });
    expect(after.total).toBe(first.total + 10);
  });
});
