import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { onQuery } from '@modules/shared/db/db.server';
import { bumpCatalogueVersion, invalidateReferenceData, seedArticles } from '@modules/catalogue/index.server';
import * as appShell from '~/routes/app';
import * as exploreHome from '~/routes/app+/explore+/_index';
import * as skills from '~/routes/app+/explore+/skill._index';
import * as skill from '~/routes/app+/explore+/skill.$skill';
import * as skillGroup from '~/routes/app+/explore+/skill.group.$group';
import * as stories from '~/routes/app+/explore+/story._index';
import * as storyFrame from '~/routes/app+/explore+/story.$story';
import * as chapter from '~/routes/app+/explore+/story.$story.chapter.$chapter';
import * as games from '~/routes/app+/explore+/games';
import * as teams from '~/routes/app+/team._index';
import * as home from '~/routes/_index';
import * as articles from '~/routes/articles._index';
import * as article from '~/routes/articles.$urlId';
import * as authenticate from '~/routes/api+/auth+/authenticate';
import * as myActivities from '~/routes/app+/activities._index';
import * as completedActivities from '~/routes/app+/activities.completed-activities';
import * as exploreActivities from '~/routes/app+/explore+/activities';
import { addMyActivity, completeMyActivityTask } from '@modules/activities/index.server';
import { args, formRequest, getRequest, jsonRequest, run, type ApiAnswer } from '../support/remix';
import type { SessionStartPayload } from '~/features/sign-in/session-start.server';
import { sql } from 'kysely';
import * as journeyIndex from '~/routes/app+/journey.$journey._index';
import * as journeyStep from '~/routes/app+/journey.$journey.step.$step';
import * as teamJourneysPage from '~/routes/app+/team.$teamId.journeys';
import * as learnerHome from '~/routes/app+/home';
import * as myJourneysPage from '~/routes/app+/journeys';
import * as searchPage from '~/routes/app+/search';
import { setTeamSchedule } from '@modules/journeys/index.server';
import { makeTeam, makeUser, signIn } from '../support/factories';
import { FIXTURE_ARTICLES, importFixtureActivities, importFixtureJourneys } from '../support/content';

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
let groupUrlId = '';
let userId = 0;

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
    'app.explore.skill.group.$group': { call: get(skillGroup.loader as Fn, `/app/explore/skill/group/${groupUrlId}`, { group: groupUrlId }), max: 3 },
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
    'app.team._index': { call: get(teams.loader as Fn, '/app/team'), max: 5 }, // + the cards' current journeys, one query for all teams
    // My Activities: cards (1) + the selected activity (its card, tasks, fields, options: 4).
    'app.activities._index': { call: get(myActivities.loader as Fn, '/app/activities'), max: 8 },
    'app.activities.completed-activities': { call: get(completedActivities.loader as Fn, '/app/activities/completed-activities'), max: 4 },
    // Global activities (1) + the learner's copies as card states (1).
    'app.explore.activities': { call: get(exploreActivities.loader as Fn, '/app/explore/activities'), max: 5 },
    '_index (home)': { call: get(home.loader as Fn, '/'), max: 2 },
    'articles._index': { call: get(articles.loader as Fn, '/articles'), max: 4 },
    'articles.$urlId': { call: get(article.loader as Fn, `/articles/${articleUrlId}`, { urlId: articleUrlId }), max: 7 },
    'POST /api/auth/authenticate': {
      call: () => run(() => (authenticate.action as Fn)(args(jsonRequest('/api/auth/authenticate', { mlt: null, cid: null }, { token })))),
      // + the learner's activity progress (1) and my activities as summaries (1, decision 147); journeys (decision 172): the
      // teams' journeys (1), readable journeys and their steps (1-2), user journeys, steps, states (1-3).
      max: 15,
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
  // The learner's activities: n more, half of them completed (each copy 2-4 tasks of 1-3 fields).
  await addActivities(n);
  await bumpCatalogueVersion(db);
  invalidateReferenceData();
}

async function addActivities(n: number) {
  for (let i = 0; i < n; i++) {
    const my = await addMyActivity(getDb(), userId, { activityId: (i % 16) + 1 });
    if (i % 2) for (const t of my.myActivityTasks) await completeMyActivityTask(getDb(), userId, { myActivityId: my.myActivityId, myActivityTaskId: t.myActivityTaskId });
  }
}

describe('queries per page', () => {
  beforeAll(async () => {
    await importFixtureActivities();
    await seedArticles(getDb(), FIXTURE_ARTICLES);
    const a = await getDb().selectFrom('contents').select('url_id').where('is_public', '=', true).orderBy('id').executeTakeFirstOrThrow();
    articleUrlId = a.url_id;
    groupUrlId = (await getDb().selectFrom('skill_groups').select('url_id').orderBy('id').executeTakeFirstOrThrow()).url_id;
    const { teamId, organisationId } = await makeTeam();
    const u = await makeUser({ organisationId, teams: [{ teamId }] });
    userId = u.userId;
    ({ cookie, token } = await signIn(u.userId));
    await addActivities(2);
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

  it('with the catalogue grown to 1,000 skills and 500 stories, no page costs more queries and the listing pages stop growing', async () => {
    const before = await measure();
    const sizesDemo = await listingSizes();
    await growCatalogue(1000, 500);
    const after = await measure();
    const sizesGrown = await listingSizes();
    // The listing pages show at most a fixed number of items per group (docs/decisions/145): they
    // grow from the demo catalogue until those fill, then not at all.
    await growCatalogue(2000, 1000);
    const sizesTwice = await listingSizes();
    console.table(
      Object.fromEntries(Object.keys(sizesDemo).map((k) => [k, { demo: sizesDemo[k], '1,000 skills / 500 stories': sizesGrown[k], '2,000 / 1,000': sizesTwice[k] }])),
    );
    for (const name of Object.keys(before)) expect(after[name], `${name} grows with the catalogue`).toBe(before[name]);
    for (const name of Object.keys(sizesDemo)) {
      expect(sizesGrown[name]! / sizesDemo[name]!, `${name}: data from demo to grown`).toBeLessThanOrEqual(2);
      expect(sizesTwice[name]! / sizesGrown[name]!, `${name}: data grows with the catalogue`).toBeLessThanOrEqual(1.02);
    }
    // The skill-group page pages its skills (decision 146): the first page is full and the same size
    // with twice the catalogue; the last page exists and the one after it is a 404.
    type GroupPage = { data: { group: { skills: unknown[]; skillCount: number }; paging: { page: number; pageCount: number } } };
    const groupUrl = `/app/explore/skill/group/${groupUrlId}`;
    const groupSize = async () => JSON.stringify(((await get(skillGroup.loader as Fn, groupUrl, { group: groupUrlId })()) as GroupPage).data).length;
    const groupBefore = await groupSize();
    const firstPage = (await get(skillGroup.loader as Fn, groupUrl, { group: groupUrlId })()) as GroupPage;
    expect(firstPage.data.group.skills).toHaveLength(skillGroup.SKILLS_PER_PAGE);
    expect(firstPage.data.paging.pageCount).toBe(Math.ceil(firstPage.data.group.skillCount / skillGroup.SKILLS_PER_PAGE));
    const { pageCount } = firstPage.data.paging;
    const last = (await get(skillGroup.loader as Fn, `${groupUrl}?page=${pageCount}`, { group: groupUrlId })()) as GroupPage;
    expect(last.data.group.skills.length).toBeGreaterThan(0);
    expect((await get(skillGroup.loader as Fn, `${groupUrl}?page=${pageCount + 1}`, { group: groupUrlId })()).status).toBe(404);
    await growCatalogue(4000, 1000);
    expect((await groupSize()) / groupBefore, 'the skill-group page grows with its group').toBeLessThanOrEqual(1.02);
    const skillsPage = (await get(skills.loader as Fn, '/app/explore/skill')()) as { data: { capabilities: { skillGroups: { skills: unknown[]; skillCount: number }[] }[] } };
    for (const g of skillsPage.data.capabilities.flatMap((c) => c.skillGroups)) {
      expect(g.skills.length).toBeLessThanOrEqual(skills.SKILLS_PER_GROUP);
      expect(g.skillCount).toBeGreaterThan(g.skills.length);
    }
    // The stories page shows one row per module and links a bigger module to ?module={id}, which
    // pages all of its stories; the page after the last one, or a module that is not a number, is a 404.
    type StoriesPage = { data: { modules: { moduleId: number; stories: unknown[]; storyCount: number }[]; paging: { page: number; pageCount: number } | null } };
    const overview = (await get(stories.loader as Fn, '/app/explore/story')()) as StoriesPage;
    for (const m of overview.data.modules) {
      expect(m.stories).toHaveLength(stories.STORIES_PER_MODULE);
      expect(m.storyCount).toBeGreaterThan(stories.STORIES_PER_PAGE);
    }
    const big = overview.data.modules[0]!;
    const modulePage = async (q: string) => (await get(stories.loader as Fn, `/app/explore/story?module=${big.moduleId}${q}`)()) as StoriesPage & { status?: number };
    const first = await modulePage('');
    expect(first.data.modules[0]!.stories).toHaveLength(stories.STORIES_PER_PAGE);
    expect(first.data.paging).toEqual({ moduleId: big.moduleId, page: 1, pageCount: Math.ceil(big.storyCount / stories.STORIES_PER_PAGE) });
    const lastPage = first.data.paging!.pageCount;
    expect((await modulePage(`&page=${lastPage}`)).data.modules[0]!.stories.length).toBeGreaterThan(0);
    expect((await modulePage(`&page=${lastPage + 1}`)).status).toBe(404);
    expect(((await get(stories.loader as Fn, '/app/explore/story?module=abc')()) as { status: number }).status).toBe(404);
  });
});

/** What the listing pages and the session start send (JSON of their data), as a signed-in learner holding the current catalogue. */
async function listingSizes(): Promise<Record<string, number>> {
  const size = async (call: () => Promise<{ data: unknown }>) => JSON.stringify((await call()).data).length;
  const held = await run<ApiAnswer<SessionStartPayload>>(() => (authenticate.action as Fn)(args(jsonRequest('/api/auth/authenticate', { cid: null }, { token }))));
  const version = held.data.referenceDataVersion;
  return {
    '/app/explore/skill': await size(get(skills.loader as Fn, '/app/explore/skill')),
    '/app/explore/story': await size(get(stories.loader as Fn, '/app/explore/story')),
    '/articles': await size(get(articles.loader as Fn, '/articles')),
    'authenticate (catalogue held)': await size(() =>
      run(() => (authenticate.action as Fn)(args(jsonRequest('/api/auth/authenticate', { cid: null, referenceDataVersion: version }, { token })))),
    ),
  };
}

/** Skills spread over the existing groups and stories (one chapter each) over the existing modules, up to the totals given. */
async function growCatalogue(skillTotal: number, storyTotal: number) {
  const db = getDb();
  const groups = (await db.selectFrom('skill_groups').select('id').execute()).map((g) => g.id);
  const modules = (await db.selectFrom('modules').select('id').execute()).map((m) => m.id);
  const { n: skillCount } = await db.selectFrom('skills').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const { n: storyCount } = await db.selectFrom('stories').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const chunks = <T>(xs: T[]) => Array.from({ length: Math.ceil(xs.length / 250) }, (_, i) => xs.slice(i * 250, i * 250 + 250));
  const newSkills = Array.from({ length: skillTotal - Number(skillCount) }, (_, i) => ({ url_id: `grown-skill-${Number(skillCount) + i}`, name: `Grown skill ${i}`, skill_group_id: groups[i % groups.length]! }));
  for (const c of chunks(newSkills)) await db.insertInto('skills').values(c).execute();
  const newStories = Array.from({ length: storyTotal - Number(storyCount) }, (_, i) => ({ url_id: `grown-story-${Number(storyCount) + i}`, name: `Grown story ${i}`, module_id: modules[i % modules.length]! }));
  for (const c of chunks(newStories)) {
    const ids = await db.insertInto('stories').values(c).returning('id').execute();
    await db.insertInto('chapters').values(ids.map((s) => ({ story_id: s.id, url_id: 'chapter-one', ordinal: 1, name: 'Chapter one' }))).execute();
  }
  await bumpCatalogueVersion(db);
  invalidateReferenceData();
}

/**
 * Journeys (issue 11): the journey step page and the team journeys page cost the same number of queries
 * with a team of 2,000 members and 50 scheduled journeys as with a small one (decision 172).
 */
describe('journey pages: queries per page', () => {
  let jCookie = '';
  let jTeamId = 0;
  const jPages = () => ({
    'app.journey.$journey.step.$step': {
      call: () => run(() => (journeyStep.loader as Fn)(args(getRequest('/app/journey/3/step/end', { cookie: jCookie }), { journey: '3', step: 'end' }))),
      max: 10,
    },
    'app.team.$teamId.journeys': {
      call: () => run(() => (teamJourneysPage.loader as Fn)(args(getRequest(`/app/team/${jTeamId}/journeys`, { cookie: jCookie }), { teamId: String(jTeamId) }))),
      max: 8,
    },
    'app.team._index (bare route for comparison)': {
      call: () => run(() => (teams.loader as Fn)(args(getRequest('/app/team', { cookie: jCookie })))),
      max: 6,
    },
  });
  async function measureJourneys() {
    const out: Record<string, number> = {};
    for (const [name, page] of Object.entries(jPages())) {
      const first = (await page.call()) as { status: number; location: string | null };
      expect(first.status, `${name} answers`).toBe(200);
      out[name] = await count(page.call);
    }
    return out;
  }

  beforeAll(async () => {
    const db = getDb();
    await importFixtureJourneys(db);
    const { teamId, organisationId } = await makeTeam();
    jTeamId = teamId;
    await setTeamSchedule(db, teamId, [{ journeyId: 3, scheduledAt: new Date(Date.now() - 86_400_000) }, { journeyId: 4 }]);
    const u = await makeUser({ organisationId, teams: [{ teamId }] });
    jCookie = (await signIn(u.userId)).cookie;
    await run(() => (journeyIndex.action as Fn)(args(formRequest('/app/journey/3', { intent: 'start' }, { cookie: jCookie }), { journey: '3' })));
  });

  it('do not grow with 2,000 team members and 50 journeys', async () => {
    const before = await measureJourneys();
    const db = getDb();
    const org = await db.selectFrom('teams').select('organisation_id').where('id', '=', jTeamId).executeTakeFirstOrThrow();
    await sql`insert into users (email, first_name, last_name, organisation_id)
      select 'member-' || g || '-' || ${jTeamId} || '@example.test', 'Member', 'No ' || g, ${org.organisation_id} from generate_series(1, 2000) g`.execute(db);
    await sql`insert into team_users (team_id, user_id) select ${jTeamId}, id from users where email like ${`member-%-${jTeamId}@example.test`}`.execute(db);
    const entries: { journeyId: number; scheduledAt: Date | null }[] = [{ journeyId: 3, scheduledAt: new Date(Date.now() - 86_400_000) }];
    for (let i = 0; i < 50; i++) {
      const j = await db.insertInto('journeys').values({ url_id: `bulk-journey-${jTeamId}-${i}`, name: `Bulk journey ${i}` }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('journey_steps').values([1, 2, 3, 4, 5].map((k) => ({ journey_id: j.id, url_id: `step-${k}`, ordinal: k, name: `Step ${k}` }))).execute();
      entries.push({ journeyId: j.id, scheduledAt: new Date(Date.now() + (i - 25) * 7 * 86_400_000) });
    }
    await setTeamSchedule(db, jTeamId, entries);
    // Members in progress on the journey (their rows must not reach the learner's pages).
    await sql`insert into user_journeys (user_id, journey_id) select id, 3 from users where email like ${`member-%-${jTeamId}@example.test`}`.execute(db);
    const after = await measureJourneys();
    console.table(Object.fromEntries(Object.keys(before).map((k) => [k, { small: before[k], '2,000 members, 50 journeys': after[k], bound: jPages()[k as keyof ReturnType<typeof jPages>].max }])));
    for (const [name, n] of Object.entries(after)) {
      expect(n, `${name} grows with members or journeys`).toBe(before[name]);
      expect(n, `${name} over its bound`).toBeLessThanOrEqual(jPages()[name as keyof ReturnType<typeof jPages>].max);
    }
  });
});

/**
 * The learner home, My journeys and search (issue 25, decisions 271-272): the same number of queries
 * with more teams (each with a current journey), more activities in progress, posts and journeys.
 */
describe('learner home, My journeys and search: queries per page', () => {
  let hCookie = '';
  let hUserId = 0;
  let hOrgId = 0;
  const hPages = () => ({
    'app.home (learner home)': { call: () => run(() => (learnerHome.loader as Fn)(args(getRequest('/app/home', { cookie: hCookie })))), max: 12 },
    'app.journeys (My journeys)': { call: () => run(() => (myJourneysPage.loader as Fn)(args(getRequest('/app/journeys', { cookie: hCookie })))), max: 8 },
    'app.search': { call: () => run(() => (searchPage.loader as Fn)(args(getRequest('/app/search?q=listening%20feedback', { cookie: hCookie })))), max: 9 },
  });
  async function measureHome() {
    const out: Record<string, number> = {};
    for (const [name, page] of Object.entries(hPages())) {
      const first = (await page.call()) as { status: number };
      expect(first.status, `${name} answers`).toBe(200);
      out[name] = await count(page.call);
    }
    return out;
  }
  async function addTeamWithJourney(journeyId: number) {
    const { teamId } = await makeTeam({ organisationId: hOrgId });
    await getDb().insertInto('team_users').values({ team_id: teamId, user_id: hUserId }).execute();
    await setTeamSchedule(getDb(), teamId, [{ journeyId, scheduledAt: new Date(Date.now() - 86_400_000) }]);
    for (let i = 0; i < 5; i++) {
      await getDb().insertInto('posts').values({ text: `News ${i} for team ${teamId}`, audience_type: 3, organisation_id: hOrgId, team_id: teamId, creator_id: hUserId, posted_at: new Date() }).execute();
    }
  }

  beforeAll(async () => {
    const db = getDb();
    await importFixtureJourneys(db);
    const { teamId, organisationId } = await makeTeam();
    hOrgId = organisationId;
    await setTeamSchedule(db, teamId, [{ journeyId: 3, scheduledAt: new Date(Date.now() - 86_400_000) }]);
    const u = await makeUser({ organisationId, teams: [{ teamId }] });
    hUserId = u.userId;
    hCookie = (await signIn(u.userId)).cookie;
    await run(() => (journeyIndex.action as Fn)(args(formRequest('/app/journey/3', { intent: 'start' }, { cookie: hCookie }), { journey: '3' })));
    await addMyActivity(db, hUserId, { activityId: 1 });
  });

  it('do not grow with more teams, journeys, activities and posts', async () => {
    const before = await measureHome();
    for (const journeyId of [2, 4, 5, 6]) await addTeamWithJourney(journeyId);
    for (let i = 0; i < 12; i++) await addMyActivity(getDb(), hUserId, { activityId: (i % 16) + 1 });
    await run(() => (journeyIndex.action as Fn)(args(formRequest('/app/journey/4', { intent: 'start' }, { cookie: hCookie }), { journey: '4' })));
    await getDb().updateTable('user_journeys').set({ completed_at: new Date() }).where('user_id', '=', hUserId).where('journey_id', '=', 4).execute();
    const after = await measureHome();
    console.table(Object.fromEntries(Object.keys(before).map((k) => [k, { small: before[k], '5 teams, 13 activities, 20 posts': after[k], bound: hPages()[k as keyof ReturnType<typeof hPages>].max }])));
    for (const [name, n] of Object.entries(after)) {
      expect(n, `${name} grows with teams, activities or posts`).toBe(before[name]);
      expect(n, `${name} over its bound`).toBeLessThanOrEqual(hPages()[name as keyof ReturnType<typeof hPages>].max);
    }
    // What the home shows: the current step of each team journey with its progress, newest posts first.
    const home = (await hPages()['app.home (learner home)'].call()) as { data: any };
    expect(home.data.journeys).toHaveLength(5);
    expect(home.data.journeys.find((t: any) => t.journey?.journeyId === 3).journey).toMatchObject({ state: 'inprogress', stepsTotal: 4, stepsDone: 0, currentStep: { number: 1 } });
    expect(home.data.journeys.find((t: any) => t.journey?.journeyId === 4).journey).toMatchObject({ state: 'completed', stepsDone: 5 });
    expect(home.data.posts).toHaveLength(3);
    expect(home.data.activities).toHaveLength(5);
    expect(home.data.badges.map((b: { journeyId: number }) => b.journeyId)).toEqual([4]);
  });
});
