import { describe, expect, it } from 'vitest';
import { onQuery } from '@modules/shared/db/db.server';
import { getDb } from '@modules/shared/index.server';
import { countUncompleted } from '@modules/activities/index.server';
import { countUnseen } from '@modules/social/index.server';
import * as appShell from '~/routes/app';
import * as teamHome from '~/routes/app+/team.$teamId._index';
import * as teamListRoute from '~/routes/app+/team._index';
import { LicenseType } from '@modules/identity/schemas';
import { args, contextFor, getRequest, run, runData } from '../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../tests/support/factories';
import { scheduleRunningAndResting, startedDaysAgo } from '../../tests/support/team-schedules';

/**
 * Repeated work per request (issue 16, issue 29): inside one request (one context, as the web server
 * builds it: app/runtime/context.server.ts) the session is resolved once, in one statement with the
 * user, their team list, their team journeys and (for a page read) the shell's two counters, although
 * the app layout's and the team page's loaders both need them.
 */
type Fn = (a: ReturnType<typeof args>) => unknown;
/** listUserTeams as a statement of its own (the session's user query selects the teams inside it). */
const TEAM_LIST = /^select "teams"\."id" as "teamId", "teams"\."name"/i;
/** The counters as statements of their own. */
const COUNTERS = /^select \(select count\(\*\)::int as "n" from "(my_activities|user_notifications)"/i;
const SESSION = /^select "sessions"\."id" as "session_id"/i;

async function teamPageQueries(inOneRequest: boolean, cookie: string, teamId: number) {
  const sqls: string[] = [];
  const off = onQuery((q) => sqls.push(q));
  const request = getRequest(`/app/team/${teamId}`, { cookie });
  // One request: both loaders get its one context. Two requests: each loader its own.
  const page = async () => {
    const outcomes = await Promise.all(
      [appShell, teamHome].map((r) => {
        const own = new Request(request.url, { headers: request.headers });
        return run(() => (r.loader as Fn)({ request: own, params: { teamId: String(teamId) }, context: contextFor(inOneRequest ? request : own) }));
      }),
    );
    return outcomes.map((o) => o.status);
  };
  try {
    const statuses = await page();
    const count = (re: RegExp) => sqls.filter((q) => re.test(q)).length;
    return { statuses, teamListQueries: count(TEAM_LIST), counterQueries: count(COUNTERS), sessionQueries: count(SESSION), total: sqls.length };
  } finally {
    off();
  }
}

describe('one fact per request', () => {
  it('the shell counters read with the session are the learner\'s real counts', async () => {
    const { teamId, organisationId } = await makeTeam({ name: 'Counter team' });
    const u = await makeUser({ organisationId, teams: [{ teamId }] });
    const { cookie } = await signIn(u.userId);
    await getDb().insertInto('my_activities').values([{ user_id: u.userId, name: 'Open one' }, { user_id: u.userId, name: 'Open two' }, { user_id: u.userId, name: 'Done', completed_at: new Date() }]).execute();
    const request = getRequest('/app/team', { cookie });
    const outcome = await runData(() => appShell.loader(args(request, {}) as never));
    expect(outcome.data.myActivitiesCount).toBe(await countUncompleted(getDb(), u.userId));
    expect(outcome.data.myActivitiesCount).toBe(2);
    expect(outcome.data.unseenNotifications).toBe(await countUnseen(getDb(), u.userId));
  });

  it('loads the team list and the counters with the session, once for the layout and the team page together', async () => {
    const { teamId, organisationId } = await makeTeam({ name: 'Per-request team' });
    const u = await makeUser({ organisationId, teams: [{ teamId }] });
    const { cookie } = await signIn(u.userId);
    await teamPageQueries(true, cookie, teamId); // warm caches (reference data, features)
    const separate = await teamPageQueries(false, cookie, teamId);
    const shared = await teamPageQueries(true, cookie, teamId);
    expect(shared.statuses).toEqual([200, 200]);
    // Two requests: each reads the session, with the teams and the counters in its statement.
    expect(separate.sessionQueries).toBe(2);
    expect(separate.teamListQueries + separate.counterQueries).toBe(0);
    // One request: one statement for both loaders, no team list or counter query of its own.
    expect(shared.teamListQueries).toBe(0);
    expect(shared.counterQueries).toBe(0);
    expect(shared.sessionQueries).toBe(1);
    expect(shared.total).toBe(separate.total - 1);
  });

  it('the team list asks for its cards and current journeys with the session: one statement, the same page as read alone', async () => {
    const organisationId = await makeOrganisation({ licenseType: LicenseType.Full });
    const running = await makeTeam({ organisationId, name: 'Per-request running' });
    const resting = await makeTeam({ organisationId, name: 'Per-request resting' });
    const disabled = await makeTeam({ organisationId, name: 'Per-request disabled' });
    const third = await scheduleRunningAndResting(running.teamId, resting.teamId);
    await startedDaysAgo(disabled.teamId, 1);
    await getDb().updateTable('teams').set({ is_disabled: true }).where('id', '=', disabled.teamId).execute();
    const me = await makeUser({ organisationId, teams: [{ teamId: running.teamId }, { teamId: resting.teamId, isTeamAdmin: true }, { teamId: disabled.teamId }] });
    await makeUser({ organisationId, teams: [{ teamId: running.teamId }] });
    const { cookie } = await signIn(me.userId);

    const teamList = async (withSessionStatement: boolean) => {
      const request = getRequest('/app/team', { cookie });
      const context = contextFor(request);
      // Alone: the session was read before the loader asked (as when another loader read it first).
      if (!withSessionStatement) await context.auth();
      const sqls: string[] = [];
      const off = onQuery((q) => sqls.push(q));
      try {
        const outcome = await runData(() => teamListRoute.loader({ request, params: {}, context } as never));
        return { data: outcome.data, queries: sqls.length };
      } finally {
        off();
      }
    };
    const alone = await teamList(false);
    const withSession = await teamList(true);
    expect(withSession.queries).toBe(1);
    expect(alone.queries).toBe(2); // the cards, the journeys (the session was read already)
    expect(withSession.data).toEqual(alone.data);
    expect(withSession.data.teams.map((t) => [t.name, t.memberCount, t.isTeamAdmin, t.currentJourney])).toEqual([
      ['Per-request resting', 1, true, null],
      ['Per-request running', 2, false, third],
    ]);
  });
});

