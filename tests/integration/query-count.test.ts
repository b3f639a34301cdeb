import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { onQuery } from '@modules/shared/db/db.server';
import { bumpCatalogueVersion, invalidateReferenceData, seedArticles, seedCatalogue } from '@modules/catalogue/index.server';
import * as appShell from '~/routes/app';
import * as exploreHome from '~/routes/app.explore._index';
import * as skills from '~/routes/app.explore.skill._index';
import * as skill from '~/routes/app.explore.skill.$skill';
import * as stories from '~/routes/app.explore.story._index';
import * as storyFrame from '~/routes/app.explore.story.$story';
import * as chapter from '~/routes/app.explore.story.$story.chapter.$chapter';
import * as games from '~/routes/app.explore.games';
import * as teams from '~/routes/app.team._index';
import * as home from '~/routes/_index';
import * as articles from '~/routes/articles._index';
import * as article from '~/routes/articles.$urlId';
import * as authenticate from '~/routes/api.auth.authenticate';
import { args, getRequest, jsonRequest, run } from '../support/remix';
import { makeTeam, makeUser, signIn } from '../support/factories';

/**
 * How many queries each page costs (docs/decisions/100-query-budget.md). Counts are taken warm
 * (the reference-data cache built, as in a running server) and must not grow with the catalogue.
 * Each loader gets its own Request, so each count includes resolving the session (2 queries).
 */
type Fn = (a: ReturnType<typeof args>) => unknown;
const STORY = 'the-first-ninety-days';
const CHAPTER = 'everything-through-me';

let cookie = '';
let token = '';
let articleUrlId = '';

async function count(call: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const off = onQuery(() => n++);
  try {
    await call();
  } finally {
    off();
  }
  return n;
}

const get = (fn: Fn, url: string, params: Record<string, string> = {}) => () => run(() => fn(args(getRequest(url, { cookie }), params)));

function pages(): Record<string, { call: () => Promise<unknown>; max: number }> {
  const chapterUrl = `/app/explore/story/${STORY}/chapter/${CHAPTER}`;
  return {
    'app (shell layout)': { call: get(appShell.loader as Fn, '/app'), max: 6 },
    'app.explore._index': { call: get(exploreHome.loader as Fn, '/app/explore'), max: 4 },
    'app.explore.skill._index': { call: get(skills.loader as Fn, '/app/explore/skill'), max: 3 },
    'app.explore.skill.$skill': { call: get(skill.loader as Fn, '/app/explore/skill/active-listening', { skill: 'active-listening' }), max: 5 },
    'app.explore.story._index': { call: get(stories.loader as Fn, '/app/explore/story'), max: 4 },
    'app.explore.story.$story (frame)': { call: get(storyFrame.loader as Fn, `/app/explore/story/${STORY}`, { story: STORY }), max: 4 },
    'app.explore.story.$story.chapter.$chapter': { call: get(chapter.loader as Fn, chapterUrl, { story: STORY, chapter: CHAPTER }), max: 4 },
    'chapter page, all its loaders (one request)': {
      call: async () => {
        const request = getRequest(chapterUrl, { cookie });
        const params = { story: STORY, chapter: CHAPTER };
        await Promise.all([appShell, storyFrame, chapter].map((r) => run(() => (r.loader as Fn)(args(request, params)))));
      },
      max: 7,
    },
    'app.explore.games': { call: get(games.loader as Fn, '/app/explore/games'), max: 4 },
    'app.team._index': { call: get(teams.loader as Fn, '/app/team'), max: 4 },
    '_index (home)': { call: get(home.loader as Fn, '/'), max: 2 },
    'articles._index': { call: get(articles.loader as Fn, '/articles'), max: 4 },
    'articles.$urlId': { call: get(article.loader as Fn, `/articles/${articleUrlId}`, { urlId: articleUrlId }), max: 7 },
    'POST /api/auth/authenticate': {
      call: () => run(() => (authenticate.action as Fn)(args(jsonRequest('/api/auth/authenticate', { mlt: null, cid: null }, { token })))),
      max: 6,
    },
  };
}

/** Warm run (builds the caches), then the counted run. */
async function measure(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, page] of Object.entries(pages())) {
    await page.call();
    out[name] = await count(page.call);
  }
  return out;
}

/** More rows of everything a page lists: a module of stories with chapters, skills, games, articles. */
async function addRows(n: number) {
  const db = getDb();
  const group = await db.selectFrom('skill_groups').select('id').executeTakeFirstOrThrow();
  const mod = await db.insertInto('modules').values({ url_id: `extra-module`, name: 'Extra module' }).returning('id').executeTakeFirstOrThrow();
  for (let i = 0; i < n; i++) {
    const s = await db.insertInto('skills').values({ url_id: `extra-skill-${i}`, name: `Extra skill ${i}`, skill_group_id: group.id }).returning('id').executeTakeFirstOrThrow();
    const st = await db.insertInto('stories').values({ url_id: `extra-story-${i}`, name: `Extra story ${i}`, module_id: mod.id }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('story_skills').values({ story_id: st.id, skill_id: s.id }).execute();
    await db.insertInto('chapters').values([1, 2, 3].map((k) => ({ story_id: st.id, url_id: `chapter-${k}`, ordinal: k, name: `Chapter ${k}` }))).execute();
    await db.insertInto('games').values({ url_id: `extra-game-${i}`, name: `Extra game ${i}` }).execute();
    await db.insertInto('contents').values({ url_id: `extra-article-${i}`, name: `Extra article ${i}`, is_public: true }).execute();
  }
  await bumpCatalogueVersion(db);
  invalidateReferenceData();
}

describe('queries per page', () => {
  beforeAll(async () => {
    await seedCatalogue(getDb());
    await seedArticles(getDb(), path.resolve('content/articles'));
    const a = await getDb().selectFrom('contents').select('url_id').where('is_public', '=', true).orderBy('id').executeTakeFirstOrThrow();
    articleUrlId = a.url_id;
    const { teamId, organisationId } = await makeTeam();
    const u = await makeUser({ organisationId, teams: [{ teamId }] });
    ({ cookie, token } = await signIn(u.userId));
  });

  it('stay under a small bound that does not grow with the number of rows', async () => {
    const before = await measure();
    await addRows(12);
    const after = await measure();
    const bounds = Object.fromEntries(Object.entries(pages()).map(([k, v]) => [k, v.max]));
    console.table(Object.fromEntries(Object.keys(before).map((k) => [k, { seeded: before[k], 'with 12 more of each': after[k], bound: bounds[k] }])));
    for (const name of Object.keys(before)) {
      expect(after[name], `${name} grows with rows`).toBe(before[name]);
      expect(before[name], `${name} over its bound`).toBeLessThanOrEqual(bounds[name]!);
    }
    // The chapter page's loaders, timed (warm): printed so a slowdown is visible.
    const chapterPage = pages()['chapter page, all its loaders (one request)']!.call;
    const started = performance.now();
    for (let i = 0; i < 50; i++) await chapterPage();
    console.log(`chapter page loaders: ${((performance.now() - started) / 50).toFixed(2)} ms per request`);
  });
});
