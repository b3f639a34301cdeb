import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { args, getRequest, run, runData } from '../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../tests/support/factories';
import * as appShell from './app';
import * as insights from './app+/team.$teamId.insights';
import * as stats from './admin+/team-editor.$teamId.stats';

/**
 * App visits are recorded on the server (issue 25 s.1, decision 268): a learner who opens an /app page
 * (a document load) or moves to another one inside the app (the layout's data request) shows up in
 * the team's retention for this week, on the insights page and the admin STATS tab; a revalidation of
 * the page being shown is not a new visit.
 */
const layout = (url: string, cookie: string, headers: Record<string, string> = {}) => run(() => appShell.loader(args(getRequest(url, { cookie, headers })) as never));

describe('app visits', () => {
  it("a learner's visit inside the app appears in the team's retention this week (insights and STATS)", async () => {
    const orgId = await makeOrganisation();
    const { teamId } = await makeTeam({ organisationId: orgId });
    const learner = await makeUser({ organisationId: orgId, teams: [{ teamId }] });
    const orgAdmin = await makeUser({ organisationId: orgId, isOrganisationAdmin: true, teams: [{ teamId }] });
    const productAdmin = await makeUser({ isLedaAdmin: true, organisationId: null });
    const { cookie } = await signIn(learner.userId);
    const views = () => getDb().selectFrom('page_views').select(['path', 'category']).where('user_id', '=', learner.userId).orderBy('id').execute();
    const adminCookie = (await signIn(orgAdmin.userId)).cookie;
    const productCookie = (await signIn(productAdmin.userId)).cookie;
    const retention = async () => {
      const page = await runData(() => insights.loader(args(getRequest(`/app/team/${teamId}/insights`, { cookie: adminCookie }), { teamId: String(teamId) }) as never));
      return page.data.insights.retention.weeks.at(-1);
    };
    expect(await retention()).toMatchObject({ activeUsers: 0 });

    // A document load of a page in the app.
    expect((await layout(`/app/team/${teamId}`, cookie)).status).toBe(200);
    // A client navigation: the layout's data request, sent from the page the learner was on.
    await layout(`/app/activities?_data=routes%2Fapp`, cookie, { referer: `http://localhost:3000/app/team/${teamId}` });
    // A revalidation of the page shown (after a like, a save): not a page change.
    await layout(`/app/activities?_data=routes%2Fapp`, cookie, { referer: 'http://localhost:3000/app/activities' });
    // Without JavaScript, a form's post/redirect/get comes back to the page it was sent from: not a page change.
    await layout('/app/activities', cookie, { referer: 'http://localhost:3000/app/activities' });
    // /app only redirects.
    await layout('/app', cookie);
    expect(await views()).toEqual([
      { path: `/app/team/${teamId}`, category: 'App' },
      { path: '/app/activities', category: 'App' },
    ]);

    expect(await retention()).toMatchObject({ activeUsers: 1, visitDays: 1 });
    const stat = await runData(() => stats.loader(args(getRequest(`/admin/team-editor/${teamId}/stats`, { cookie: productCookie }), { teamId: String(teamId) }) as never));
    expect(JSON.stringify(stat.data)).toContain('"activeUsers":1');
  }, 120_000);
});
