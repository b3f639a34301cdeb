import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { getDb } from '@modules/shared/index.server';
import { getTeamRetention, getTeamVisitDates, recordPageView } from '@modules/admin/index.server';
import { makeTeam, makeUser } from '../../tests/support/factories';
import { getProgressSegment, getTeamJourneyProgress, getTeamJourneyProgressRawData, parseSegmentParam } from './insights.server';
import { BREAK_JOURNEY_ID } from './rules';
import { setTeamSchedule } from './team-schedule.server';

/** Team insights against the real database: progress counted in SQL, the drill-down, and visits rolled up by the page_views trigger. */
const db = () => getDb();

async function makeJourney(name: string) {
  const row = await db()
    .insertInto('journeys')
    .values({ url_id: `ins-${randomBytes(4).toString('hex')}`, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function ensureBreakJourney() {
  await sql`insert into journeys (id, url_id, name) values (${BREAK_JOURNEY_ID}, 'break', 'Break') on conflict do nothing`.execute(db());
}

const startJourney = (userId: number, journeyId: number, completed = false) =>
  db()
    .insertInto('user_journeys')
    .values({ user_id: userId, journey_id: journeyId, completed_at: completed ? new Date() : null })
    .execute();

async function progressScene() {
  const team = await makeTeam();
  const other = await makeTeam({ organisationId: team.organisationId });
  const [a, b] = [await makeJourney('Listening first'), await makeJourney('Delegating well')];
  const unscheduled = await makeJourney('Not on this team');
  await ensureBreakJourney();
  await setTeamSchedule(db(), team.teamId, [{ journeyId: a }, { journeyId: BREAK_JOURNEY_ID, breakLabel: 'Summer break', lengthDays: 7 }, { journeyId: b }]);
  const members = [];
  for (const [first, last] of [['Zoe', 'Zed'], ['Amy', 'Able'], ['Max', 'Mid'], ['Nia', 'New']] as const) {
    members.push(await makeUser({ organisationId: team.organisationId, firstName: first, lastName: last, teams: [{ teamId: team.teamId }] }));
  }
  const [zoe, amy, max] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
  await startJourney(zoe.userId, a, true);
  await startJourney(amy.userId, a, true);
  await startJourney(max.userId, a);
  await startJourney(max.userId, b);
  await startJourney(max.userId, unscheduled, true);
  // Someone outside the team who completed both: never counted.
  const outsider = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: other.teamId }] });
  await startJourney(outsider.userId, a, true);
  await startJourney(outsider.userId, b, true);
  return { team, a, b, unscheduled, zoe, amy, max, outsider };
}

describe('journey progress', () => {
  it('counts completed, in progress and not started per scheduled journey (breaks and other teams left out)', async () => {
    const s = await progressScene();
    expect(await getTeamJourneyProgress(db(), s.team.teamId)).toEqual([
      { journeyId: s.a, name: 'Listening first', completed: 2, inProgress: 1, notStarted: 1 },
      { journeyId: s.b, name: 'Delegating well', completed: 0, inProgress: 1, notStarted: 3 },
    ]);
  });

  it('lists the users of one segment by name, and nothing for a journey not on the schedule', async () => {
    const s = await progressScene();
    const done = await getProgressSegment(db(), s.team.teamId, s.a, 'completed');
    expect(done).toMatchObject({ journeyName: 'Listening first', status: 'completed', total: 2 });
    expect(done!.users.map((u) => u.fullName)).toEqual(['Amy Able', 'Zoe Zed']);
    const notStarted = await getProgressSegment(db(), s.team.teamId, s.b, 'notStarted');
    expect(notStarted!.users.map((u) => u.fullName)).toEqual(['Amy Able', 'Nia New', 'Zoe Zed']);
    expect((await getProgressSegment(db(), s.team.teamId, s.a, 'inProgress'))!.users.map((u) => u.fullName)).toEqual(['Max Mid']);
    expect(await getProgressSegment(db(), s.team.teamId, s.unscheduled, 'completed')).toBeNull();
    expect(await getProgressSegment(db(), s.team.teamId, BREAK_JOURNEY_ID, 'notStarted')).toBeNull();
  });

  it('gives the raw data: the members and their user journeys of the team journeys only', async () => {
    const s = await progressScene();
    const raw = await getTeamJourneyProgressRawData(db(), s.team.teamId);
    expect(raw.users.map((u) => u.userId)).toEqual(expect.arrayContaining([s.zoe.userId, s.amy.userId, s.max.userId]));
    expect(raw.users).toHaveLength(4);
    expect(raw.users.some((u) => u.userId === s.outsider.userId)).toBe(false);
    expect(raw.userJourneys).toHaveLength(4);
    expect(raw.userJourneys.every((uj) => uj.journeyId === s.a || uj.journeyId === s.b)).toBe(true);
    expect(raw.userJourneys.find((uj) => uj.userId === s.zoe.userId)).toMatchObject({ journeyId: s.a, completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('reads the drill-down parameter strictly', () => {
    expect(parseSegmentParam('12:completed')).toEqual({ journeyId: 12, status: 'completed' });
    expect(parseSegmentParam('12:notStarted')).toEqual({ journeyId: 12, status: 'notStarted' });
    for (const bad of [null, '', '12', 'x:completed', '12:done', '1234567890:completed', '12:completed;drop']) expect(parseSegmentParam(bad)).toBeNull();
  });
});

describe('retention', () => {
  it('rolls App page views up per user, day and week: a second view the same day counts once; site views and anonymous views not at all', async () => {
    const team = await makeTeam();
    const ann = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId }] });
    const bob = await makeUser({ organisationId: team.organisationId, teams: [{ teamId: team.teamId }] });
    const stranger = await makeUser();
    await recordPageView(db(), { path: `/app/team/${team.teamId}` }, ann.userId);
    await recordPageView(db(), { path: '/app/activities' }, ann.userId);
    await recordPageView(db(), { path: '/pricing' }, bob.userId);
    await recordPageView(db(), { path: '/app/activities' }, null);
    await recordPageView(db(), { path: '/app/activities' }, stranger.userId);
    // Page views from earlier weeks (the trigger uses each row's own time).
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    for (const [userId, daysAgo] of [
      [ann.userId, 7],
      [ann.userId, 8],
      [bob.userId, 7],
      [bob.userId, 7],
      [bob.userId, 400],
    ] as const) {
      await db().insertInto('page_views').values({ path: '/app/team', category: 'App', user_id: userId, created_at: at(daysAgo) }).execute();
    }
    const now = new Date();
    const retention = await getTeamRetention(db(), team.teamId, { weeks: 12, now });
    expect(retention.memberCount).toBe(2);
    expect(retention.weeks).toHaveLength(12);
    const current = retention.weeks.at(-1)!;
    expect(current).toMatchObject({ activeUsers: 1, visitDays: 1 });
    expect(new Date(`${current.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    // 7 and 8 days ago fall in last week or the one before, depending on today's weekday: together 2 active-user-weeks, 3 visit days.
    const earlier = retention.weeks.slice(0, -1);
    expect(earlier.reduce((n, w) => n + w.visitDays, 0)).toBe(3);
    expect(Math.max(...earlier.map((w) => w.activeUsers))).toBeLessThanOrEqual(2);
    // The year-old visit is outside 52 weeks.
    const year = await getTeamRetention(db(), team.teamId, { weeks: 52, now });
    expect(year.weeks.reduce((n, w) => n + w.visitDays, 0)).toBe(4);

    const dates = await getTeamVisitDates(db(), team.teamId, { weeks: 12, now });
    expect(dates.at(-1)).toEqual({ date: now.toISOString().slice(0, 10), visitors: 1 });
    expect(dates.find((d) => d.date === at(7).slice(0, 10))).toEqual({ date: at(7).slice(0, 10), visitors: 2 });
    expect(dates.reduce((n, d) => n + d.visitors, 0)).toBe(4);
  });
});
