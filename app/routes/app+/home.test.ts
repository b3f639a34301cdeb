import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { addMyActivity } from '@modules/activities/index.server';
import { setTeamSchedule } from '@modules/journeys/index.server';
import { LicenseType } from '@modules/identity/schemas';
import { args, formRequest, getRequest, run, runData } from '../../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { renderRoute } from '../../../tests/support/render-route';
import { fixtureJourneysBeforeAll } from '../../../tests/support/content';
import * as home from './home';
import * as myJourneys from './journeys';
import * as search from './search';
import * as journeyIndex from './journey.$journey._index';
import * as badge from './journey.$journey.badge[.]svg';

/**
 * The learner home, My journeys and search as a learner sees them (issue 25, decisions 271-272):
 * rendered from the real database, with what each licence may see.
 */
fixtureJourneysBeforeAll();

async function learner(licenseType: number = LicenseType.Full) {
  const organisationId = await makeOrganisation({ licenseType });
  const { teamId } = await makeTeam({ organisationId, name: 'Harbour Team' });
  await setTeamSchedule(getDb(), teamId, [{ journeyId: 3, scheduledAt: new Date(Date.now() - 86_400_000) }, { journeyId: 2 }, { journeyId: 4, unlockedAt: new Date(Date.now() + 30 * 86_400_000) }], null);
  const u = await makeUser({ organisationId, teams: [{ teamId }], firstName: 'Hana', lastName: 'Home' });
  return { teamId, organisationId, userId: u.userId, cookie: (await signIn(u.userId)).cookie };
}

describe('/app/home', () => {
  it("shows the team's current journey with the step to do and its progress, activities in progress, posts and badges", async () => {
    const me = await learner();
    await run(() => journeyIndex.action(args(formRequest('/app/journey/3', { intent: 'start' }, { cookie: me.cookie }), { journey: '3' }) as never));
    await addMyActivity(getDb(), me.userId, { activityId: 1 });
    await getDb().insertInto('posts').values({ text: 'Our **first** week together', audience_type: 3, organisation_id: me.organisationId, team_id: me.teamId, creator_id: me.userId, posted_at: new Date() }).execute();
    const page = await renderRoute('/app/home', { route: home, cookie: me.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Welcome back, Hana');
    expect(page.text).toContain('Running effective one-on-ones');
    expect(page.text).toContain('0 of 4 steps');
    expect(page.text).toContain('Current step: STEP 1, Their meeting, not yours');
    expect(page.html).toContain('aria-label="Continue Running effective one-on-ones"');
    expect(page.text).toContain('0 of 3 tasks done');
    expect(page.text).toContain('Our first week together');
    expect(page.text).toContain('Finish a journey to earn its badge.');
    // The journey card has its generated cover art and the design system's progress bar (decision 333).
    expect(page.html).toMatch(/<li class="journey-card is-inprogress"><svg class="card-cover"[^>]*data-kind="journey"/);
    expect(page.html).toMatch(/role="progressbar"[^>]*aria-valuetext="0 of 4 steps"/);

    // A completed journey's badge: the per-journey SVG with its accessible name (decision 332).
    await getDb().insertInto('user_journeys').values({ user_id: me.userId, journey_id: 2, completed_at: new Date() }).execute();
    const withBadge = await renderRoute('/app/home', { route: home, cookie: me.cookie });
    const name = (await getDb().selectFrom('journeys').select('name').where('id', '=', 2).executeTakeFirstOrThrow()).name;
    expect(withBadge.html).toContain(`<img class="ui-badge-image" src="/app/journey/2/badge.svg" alt="${name} badge"`);
    const svg = await runData(() => badge.loader(args(getRequest('/app/journey/2/badge.svg', { cookie: me.cookie }), { journey: '2' }) as never));
    const text = svg.data as string;
    expect(text).toMatch(/^<svg [^>]*role="img" aria-labelledby="b2-t b2-d">/);
    expect(text).toContain(`<title id="b2-t">${name} badge</title>`);
  });

  it('a student licence keeps the stories as its home', async () => {
    const me = await learner(LicenseType.Student);
    const res = await run(() => home.loader(args(getRequest('/app/home?x=1', { cookie: me.cookie })) as never));
    expect(res.location).toBe('/app/explore/story?x=1');
  });
});

describe('/app/journeys', () => {
  it('lists the journeys of every team, grouped, with progress; a locked one says so', async () => {
    const me = await learner();
    await run(() => journeyIndex.action(args(formRequest('/app/journey/3', { intent: 'start' }, { cookie: me.cookie }), { journey: '3' }) as never));
    const page = await renderRoute('/app/journeys', { route: myJourneys, cookie: me.cookie });
    expect(page.text).toContain('My journeys');
    const data = (await runData(() => myJourneys.loader(args(getRequest('/app/journeys', { cookie: me.cookie })) as never))).data;
    expect(data.inProgress.map((j: any) => j.journeyId)).toEqual([3]);
    expect(data.notStarted.map((j: any) => [j.journeyId, j.isLocked]).sort()).toEqual([
      [2, false],
      [4, true],
    ]);
    expect(page.text).toContain('Harbour Team');
    expect(page.text).toContain('Locked');
    expect(page.html.match(/<svg class="card-cover"[^>]*data-kind="journey"/g)?.length).toBe(3);
    const student = await learner(LicenseType.Student);
    expect((await run(() => myJourneys.loader(args(getRequest('/app/journeys', { cookie: student.cookie })) as never))).location).toBe('/app/explore/story');
  });
});

describe('/app/search', () => {
  const find = async (cookie: string, q: string) => (await runData(() => search.loader(args(getRequest(`/app/search?q=${encodeURIComponent(q)}`, { cookie })) as never))).data;

  it('ranks skills, stories, journeys, activities and articles for a query, only what the learner may open', async () => {
    const me = await learner();
    const r = await find(me.cookie, 'feedback');
    expect(r.total).toBeGreaterThan(3);
    const kinds = new Set(r.results.map((x: any) => x.kind));
    for (const k of ['journey', 'skill', 'activity']) expect(kinds, k).toContain(k);
    expect(r.results.find((x: any) => x.kind === 'journey' && x.title === 'Giving feedback that lands')).toMatchObject({ href: '/app/journey/giving-feedback-that-lands' });
    // Ranked: each result no less relevant than the next.
    for (let i = 1; i < r.results.length; i++) expect(r.results[i - 1]!.rank).toBeGreaterThanOrEqual(r.results[i]!.rank);
    // A journey of no team of the learner's (and not global) is not found; a locked team entry neither.
    const other = await find(me.cookie, 'delegating');
    expect(other.results.filter((x: any) => x.kind === 'journey').map((x: any) => x.title)).toEqual([]);
    // A student licence sees no journeys.
    const student = await learner(LicenseType.Student);
    expect((await find(student.cookie, 'feedback')).results.some((x: any) => x.kind === 'journey')).toBe(false);
  });

  it('renders the form and its results without JavaScript; odd input is no error', async () => {
    const me = await learner();
    const page = await renderRoute('/app/search?q=listening', { route: search, cookie: me.cookie });
    expect(page.status).toBe(200);
    expect(page.html).toContain('role="search"');
    expect(page.html).toMatch(/<form[^>]*method="get"/);
    expect(page.text).toMatch(/\d+ results? for "listening"/);
    for (const q of ['"unbalanced', 'or or -', ':*&|!', 'x'.repeat(5000), '']) {
      const res = await run(() => search.loader(args(getRequest(`/app/search?q=${encodeURIComponent(q)}`, { cookie: me.cookie })) as never));
      expect(res.status, q.slice(0, 20)).toBe(200);
    }
    const none = await renderRoute('/app/search?q=zzqqxxyy', { route: search, cookie: me.cookie });
    expect(none.text).toContain('No results for "zzqqxxyy"');
  });
});
