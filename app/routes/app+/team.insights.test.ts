import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { setTeamSchedule, type getTeamJourneyProgressRawData } from '@modules/journeys/index.server';
import type { getTeamVisitDates } from '@modules/admin/index.server';
import { renderRoute } from '../../../tests/support/render-route';
import { args, getRequest, jsonRequest, run, runData, type ApiAnswer, type ApiAnswerOf as Of } from '../../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import * as insights from './team.$teamId.insights';
import * as stats from '../admin+/team-editor.$teamId.stats';
import * as teamEditor from '../admin+/team-editor.$teamId';
import * as progressApi from '../api+/insight+/getTeamJourneyProgressRawData';
import * as retentionApi from '../api+/insight+/getTeamRetentionRawData';

/**
 * Team insights as each role meets them: the learner page (loader + render, real database), the
 * admin STATS tab, and both /api/insight paths per role, with id swaps and bad bodies refused.
 */
type Signed = { userId: number; cookie: string; token: string };
let s: {
  teamId: number;
  otherTeamId: number;
  foreignTeamId: number;
  journeyId: number;
  member: Signed;
  teamAdmin: Signed;
  orgAdmin: Signed;
  orgAdminOutside: Signed;
  productAdmin: Signed;
  productAdminOutsider: Signed;
  foreignOrgAdmin: Signed;
};

const signed = async (u: { userId: number }): Promise<Signed> => ({ userId: u.userId, ...(await signIn(u.userId)) });

beforeAll(async () => {
  const db = getDb();
  const orgId = await makeOrganisation({ name: 'Insight Org' });
  const { teamId } = await makeTeam({ organisationId: orgId, name: 'Insight Team' });
  const { teamId: otherTeamId } = await makeTeam({ organisationId: orgId, name: 'Other Team' });
  const { teamId: foreignTeamId, organisationId: foreignOrg } = await makeTeam({ name: 'Foreign Team' });
  const journey = await db
    .insertInto('journeys')
    .values({ url_id: `insight-${randomBytes(3).toString('hex')}`, name: 'Coaching conversations' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setTeamSchedule(db, teamId, [{ journeyId: journey.id }]);
  const member = await makeUser({ organisationId: orgId, firstName: 'Mia', lastName: 'Member', teams: [{ teamId }] });
  const teamAdmin = await makeUser({ organisationId: orgId, firstName: 'Tom', lastName: 'Lead', teams: [{ teamId, isTeamAdmin: true }] });
  const orgAdmin = await makeUser({ organisationId: orgId, firstName: 'Ola', lastName: 'Org', isOrganisationAdmin: true, teams: [{ teamId }] });
  const orgAdminOutside = await makeUser({ organisationId: orgId, isOrganisationAdmin: true, teams: [{ teamId: otherTeamId }] });
  const productAdmin = await makeUser({ isLedaAdmin: true, organisationId: orgId, teams: [{ teamId }] });
  const productAdminOutsider = await makeUser({ isLedaAdmin: true, organisationId: null });
  const foreignOrgAdmin = await makeUser({ organisationId: foreignOrg, isOrganisationAdmin: true, teams: [{ teamId: foreignTeamId }] });
  await db.insertInto('user_journeys').values({ user_id: member.userId, journey_id: journey.id, completed_at: new Date() }).execute();
  await db.insertInto('user_journeys').values({ user_id: teamAdmin.userId, journey_id: journey.id }).execute();
  // Visits: the member twice today (counts once), the team admin today.
  for (const userId of [member.userId, member.userId, teamAdmin.userId]) {
    await db.insertInto('page_views').values({ path: '/app/activities', category: 'App', user_id: userId }).execute();
  }
  s = {
    teamId,
    otherTeamId,
    foreignTeamId,
    journeyId: journey.id,
    member: await signed(member),
    teamAdmin: await signed(teamAdmin),
    orgAdmin: await signed(orgAdmin),
    orgAdminOutside: await signed(orgAdminOutside),
    productAdmin: await signed(productAdmin),
    productAdminOutsider: await signed(productAdminOutsider),
    foreignOrgAdmin: await signed(foreignOrgAdmin),
  };
});

const page = (who: Signed, query = '', teamId = s.teamId) =>
  renderRoute(`/app/team/${teamId}/insights${query}`, { route: insights, cookie: who.cookie, params: { teamId: String(teamId) } });

const api = <T = ApiAnswer<object>>(route: typeof progressApi | typeof retentionApi, path: string, who: Signed | null, body: unknown) =>
  run<T>(() => route.action(args(jsonRequest(path, body, who ? { token: who.token } : {})) as never));

describe('/app/team/{teamId}/insights', () => {
  it('shows an organisation admin both charts with their data tables, the title and the breadcrumb', async () => {
    const p = await page(s.orgAdmin);
    expect(p.status).toBe(200);
    expect(p.html).toContain('<h1>Insights for <!-- -->Insight Team</h1>');
    expect(p.html).toContain(`href="/app/team/${s.teamId}"`);
    expect(p.text).toContain('Retention');
    expect(p.text).toContain('Journey progress');
    expect(p.text).toContain('Coaching conversations');
    // The stacked bar's summary line and the table (members: Mia, Tom, Ola, the product admin).
    expect(p.text).toContain('1 completed · 1 in progress · 2 not started');
    expect(p.html).toMatch(/<svg[^>]*viewBox="0 0 720 300"/);
    expect(p.html).toContain('class="insights-line"');
    // Each segment links to its drill-down (works without JS).
    expect(p.html).toContain(`href="/app/team/${s.teamId}/insights?segment=${s.journeyId}:completed"`);
    expect(p.html).toContain(`href="/app/team/${s.teamId}/insights?segment=${s.journeyId}:notStarted"`);
    // This week: 2 active members (visit days 2).
    const data = (await runData(() => insights.loader(args(getRequest(`/app/team/${s.teamId}/insights`, { cookie: s.orgAdmin.cookie }), { teamId: String(s.teamId) }) as never))).data;
    expect(data.insights.retention.weeks.at(-1)).toMatchObject({ activeUsers: 2, visitDays: 2 });
    expect(data.insights.retention.memberCount).toBe(4);
    expect(data.insights.segment).toBeNull();
  });

  it('opens the drill-down list from ?segment and keeps the chosen period', async () => {
    const p = await page(s.productAdmin, `?weeks=26&segment=${s.journeyId}:notStarted`);
    expect(p.html).toContain('<dialog open=""');
    expect(p.text).toContain('Not started: Coaching conversations');
    expect(p.text).toContain('2 members');
    // The drill-down list itself (the per-learner table below names everyone).
    const list = p.html.slice(p.html.indexOf('<dialog'), p.html.indexOf('</dialog>'));
    expect(list).toContain('Ola Org');
    expect(list).not.toContain('Mia Member');
    expect(list).not.toContain('Tom Lead');
    expect(p.html).toContain(`href="/app/team/${s.teamId}/insights?weeks=26"`);
    expect(p.html).toMatch(/<option value="26" selected="">Last <!-- -->26<!-- --> weeks/);
    const done = await page(s.orgAdmin, `?segment=${s.journeyId}:completed`);
    expect(done.text).toContain('Completed: Coaching conversations');
    expect(done.html.slice(done.html.indexOf('<dialog'), done.html.indexOf('</dialog>'))).toContain('Mia Member');
    // A journey not on this team's schedule, or nonsense: no list, still the page.
    for (const q of ['?segment=999999:completed', '?segment=abc', `?segment=${s.journeyId}:everyone`, '?weeks=9999']) {
      const other = await page(s.orgAdmin, q);
      expect(other.status, q).toBe(200);
      expect(other.html, q).not.toContain('<dialog');
    }
  });

  it('refuses a member and a team admin (back to the team home), and another organisation\'s admin or an unknown team (home)', async () => {
    for (const who of [s.member, s.teamAdmin]) {
      const p = await page(who);
      expect(p.location).toBe(`/app/team/${s.teamId}`);
    }
    // Another organisation's team is not one of theirs: an unknown team.
    expect((await page(s.foreignOrgAdmin, '', s.teamId)).location).toBe('/app/home');
    // An unknown team: home, the app home (learner spec 2 and 8; decision 255).
    expect((await page(s.orgAdmin, '', 999_999)).location).toBe('/app/home');
  });
});

describe('/admin/team-editor/{teamId}/stats', () => {
  const statsPage = (who: Signed, teamId: number | string = s.teamId, query = '') =>
    renderRoute(`/admin/team-editor/${teamId}/stats${query}`, {
      route: stats,
      cookie: who.cookie,
      params: { teamId: String(teamId) },
      layouts: [{ id: 'routes/admin+/team-editor.$teamId', route: teamEditor }],
    });

  it('shows a product admin the same charts and drill-down inside the team editor, even outside the team', async () => {
    const p = await statsPage(s.productAdminOutsider, s.teamId, `?segment=${s.journeyId}:inProgress`);
    expect(p.status).toBe(200);
    expect(p.text).toContain('STATS');
    expect(p.text).toContain('Journey progress');
    expect(p.text).toContain('In progress: Coaching conversations');
    expect(p.text).toContain('Tom Lead');
    expect(p.html).toContain(`href="/admin/team-editor/${s.teamId}/stats?segment=${s.journeyId}:completed"`);
  });

  it('is for product admins only; an unknown team is a 404', async () => {
    for (const who of [s.orgAdmin, s.member]) {
      const out = await run(() => stats.loader(args(getRequest(`/admin/team-editor/${s.teamId}/stats`, { cookie: who.cookie }), { teamId: String(s.teamId) }) as never));
      expect(out.status).toBe(302);
      expect(out.location).not.toContain('/stats');
    }
    const missing = await run(() => stats.loader(args(getRequest('/admin/team-editor/999999/stats', { cookie: s.productAdmin.cookie }), { teamId: '999999' }) as never));
    expect(missing.status).toBe(404);
  });
});

describe('/api/insight/*', () => {
  const PROGRESS = '/api/insight/getTeamJourneyProgressRawData';
  const RETENTION = '/api/insight/getTeamRetentionRawData';

  it('answers organisation admins of the organisation (in the team or not) and product admins', async () => {
    for (const who of [s.orgAdmin, s.orgAdminOutside, s.productAdmin, s.productAdminOutsider]) {
      const progress = await api<Of<typeof getTeamJourneyProgressRawData>>(progressApi, PROGRESS, who, { teamId: s.teamId });
      expect(progress.status).toBe(200);
      expect(progress.data.users).toHaveLength(4);
      expect(progress.data.users[0]).toEqual(expect.objectContaining({ userId: expect.any(Number), firstName: expect.any(String), lastName: expect.any(String) }));
      expect(progress.data.userJourneys).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ userId: s.member.userId, journeyId: s.journeyId, completedAt: expect.any(String) }),
          expect.objectContaining({ userId: s.teamAdmin.userId, journeyId: s.journeyId, completedAt: null }),
        ]),
      );
      const retention = await api<ApiAnswer<{ visitDates: Awaited<ReturnType<typeof getTeamVisitDates>> }>>(retentionApi, RETENTION, who, { teamId: s.teamId });
      expect(retention.status).toBe(200);
      expect(retention.data.visitDates).toEqual([{ date: new Date().toISOString().slice(0, 10), visitors: 2 }]);
    }
  });

  it('refuses members, team admins and other organisations (403), an unknown team (404), no session (403) and bad bodies (400)', async () => {
    for (const [route, path] of [
      [progressApi, PROGRESS],
      [retentionApi, RETENTION],
    ] as const) {
      for (const who of [s.member, s.teamAdmin]) {
        const out = await api(route, path, who, { teamId: s.teamId });
        expect(out.status, path).toBe(403);
        expect(out.data).toEqual({ errorMsg: 'You do not have permission to do that.' });
      }
      // Id swaps: an organisation admin asking for a team of another organisation.
      expect((await api(route, path, s.foreignOrgAdmin, { teamId: s.teamId })).status, path).toBe(403);
      expect((await api(route, path, s.orgAdmin, { teamId: s.foreignTeamId })).status, path).toBe(403);
      expect((await api(route, path, s.orgAdmin, { teamId: 999_999 })).data).toEqual({ errorMsg: 'Team not found.' });
      expect((await api(route, path, null, { teamId: s.teamId })).status, path).toBe(403);
      for (const bad of [{}, { teamId: 'x' }, { teamId: -1 }, { teamId: 1e12 }, { teamId: 1.5 }]) {
        const out = await api(route, path, s.orgAdmin, bad);
        expect(out.status, `${path} ${JSON.stringify(bad)}`).toBe(400);
        expect(out.data.errorMsg).toBeTruthy();
      }
    }
    expect((await api(retentionApi, RETENTION, s.orgAdmin, { teamId: s.teamId, weeks: 53 })).status).toBe(400);
    expect((await api(retentionApi, RETENTION, s.orgAdmin, { teamId: s.teamId, weeks: 52 })).status).toBe(200);
  });
});
