import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { setTeamSchedule } from '@modules/journeys/index.server';
import { renderRoute } from '../../../tests/support/render-route';
import { args, getRequest, run } from '../../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import * as insights from './team.$teamId.insights';
import * as csv from './team.$teamId.insights[.]csv';

/** Issue 25 s.4: the insights' summary figures, the per-learner table and its CSV export, per role. */
async function scene() {
  const db = getDb();
  const orgId = await makeOrganisation({ name: 'Learner Org' });
  const { teamId } = await makeTeam({ organisationId: orgId, name: 'Learner Team' });
  const journeys = [];
  for (const name of ['Coaching', 'Feedback']) {
    journeys.push(await db.insertInto('journeys').values({ url_id: `lt-${randomBytes(3).toString('hex')}`, name }).returning('id').executeTakeFirstOrThrow());
  }
  await setTeamSchedule(db, teamId, journeys.map((j) => ({ journeyId: j.id })));
  const mia = await makeUser({ organisationId: orgId, firstName: 'Mia', lastName: 'Member', teams: [{ teamId }] });
  const tom = await makeUser({ organisationId: orgId, firstName: 'Tom', lastName: 'Lead', teams: [{ teamId, isTeamAdmin: true }] });
  const ola = await makeUser({ organisationId: orgId, firstName: 'Ola', lastName: 'Org', isOrganisationAdmin: true, teams: [{ teamId }] });
  await db.updateTable('users').set({ job_title: '=HYPERLINK("x")' }).where('id', '=', mia.userId).execute();
  await db.insertInto('user_journeys').values({ user_id: mia.userId, journey_id: journeys[0]!.id, completed_at: new Date() }).execute();
  await db.insertInto('user_journeys').values({ user_id: mia.userId, journey_id: journeys[1]!.id, completed_at: new Date() }).execute();
  await db.insertInto('user_journeys').values({ user_id: tom.userId, journey_id: journeys[0]!.id }).execute();
  await db.insertInto('page_views').values({ path: '/app/activities', category: 'App', user_id: mia.userId }).execute();
  return { teamId, mia, tom, ola: { ...ola, ...(await signIn(ola.userId)) }, tomSigned: await signIn(tom.userId), miaSigned: await signIn(mia.userId) };
}

describe('insights per learner', () => {
  it('shows an organisation admin the summary figures and each learner’s progress, with the CSV link', { timeout: 90_000 }, async () => {
    const s = await scene();
    const p = await renderRoute(`/app/team/${s.teamId}/insights`, { route: insights, cookie: s.ola.cookie, params: { teamId: String(s.teamId) } });
    expect(p.status).toBe(200);
    // 3 members, 1 active this week, 2 of 6 journeys completed.
    expect(p.text).toContain('Members 3');
    expect(p.text).toContain('Active this week 1 (33%)');
    expect(p.text).toContain('Completion rate 33%');
    expect(p.text).toContain('Learners Export CSV');
    expect(p.html).toContain(`href="/app/team/${s.teamId}/insights.csv"`);
    expect(p.text).toMatch(/Mia Member =HYPERLINK\("x"\) 2 of 2 0 100%/);
    expect(p.text).toMatch(/Ola Org 0 of 2 0 0%/);
    expect(p.text).toMatch(/Tom Lead 0 of 2 1 0%/);
  });

  it('exports the table as CSV, neutralising spreadsheet formulas, and refuses a member and a team admin', async () => {
    const s = await scene();
    const res = await csv.loader(args(getRequest(`/app/team/${s.teamId}/insights.csv`, { cookie: s.ola.cookie }), { teamId: String(s.teamId) }) as never);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="learner-team-learners.csv"');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Name,Job title,Journeys completed,Journeys in progress,Journeys scheduled,Progress %');
    expect(lines[1]).toBe(`Mia Member,"'=HYPERLINK(""x"")",2,0,2,100`);
    expect(lines).toHaveLength(4);
    for (const who of [s.miaSigned, s.tomSigned]) {
      const out = await run(() => csv.loader(args(getRequest(`/app/team/${s.teamId}/insights.csv`, { cookie: who.cookie }), { teamId: String(s.teamId) }) as never));
      expect(out.status).toBe(302);
    }
  });
});
