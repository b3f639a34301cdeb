import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as TeamList from './team._index';
import * as AppLayout from '../app';
import { LicenseType } from '@modules/identity/schemas';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { renderRoute } from '../../../tests/support/render-route';
import { scheduleRunningAndResting, startedDaysAgo } from '../../../tests/support/team-schedules';
import { getDb } from '@modules/shared/index.server';
import { DAY } from '@modules/shared/clock';
import { BREAK_JOURNEY_ID, setTeamSchedule } from '@modules/journeys/index.server';
import { formatShortDate } from '~/utils/dates';

/** /app/team as the learner sees it: the rendered page, from data each test makes itself. */
const unique = (name: string) => `${name} ${randomBytes(3).toString('hex')}`;

describe('/app/team (rendered)', () => {
  it('shows each of the learner’s teams as a card with its member count, and marks where they are team admin', async () => {
    const salesName = unique('Sales');
    const opsName = unique('Operations');
    const sales = await makeTeam({ name: salesName });
    const ops = await makeTeam({ name: opsName, organisationId: sales.organisationId });
    const me = await makeUser({ organisationId: sales.organisationId, teams: [{ teamId: sales.teamId }, { teamId: ops.teamId, isTeamAdmin: true }] });
    await makeUser({ organisationId: sales.organisationId, teams: [{ teamId: sales.teamId }] });
    const { cookie } = await signIn(me.userId);

    const page = await renderRoute('/app/team', { route: TeamList, id: 'routes/app+/team._index', cookie });

    expect(page.status).toBe(200);
    expect(page.text).toContain('Your teams');
    expect(page.text).toMatch(new RegExp(`${salesName} 2 members ${TeamList.NO_JOURNEY}`));
    expect(page.text).toMatch(new RegExp(`${opsName} Team admin 1 member ${TeamList.NO_JOURNEY}`));
    expect(page.html).toContain(`href="/app/team/${sales.teamId}"`);
  });

  it('names each team’s current journey: the latest started entry, none during a break, hidden for a student licence', async () => {
    const organisationId = await makeOrganisation({ licenseType: LicenseType.Full });
    const names = { running: unique('Running'), resting: unique('Resting'), students: unique('Students') };
    const running = await makeTeam({ organisationId, name: names.running });
    const resting = await makeTeam({ organisationId, name: names.resting });
    const third = await scheduleRunningAndResting(running.teamId, resting.teamId);
    const me = await makeUser({ organisationId, teams: [{ teamId: running.teamId }, { teamId: resting.teamId }] });
    const page = await renderRoute('/app/team', { route: TeamList, cookie: (await signIn(me.userId)).cookie });
    expect(page.text).toContain(`${names.running} 1 member Current journey: ${third}`);
    expect(page.text).toContain(`${names.resting} 1 member ${TeamList.NO_JOURNEY}`);

    const studentOrg = await makeOrganisation({ licenseType: LicenseType.Student });
    const studentTeam = await makeTeam({ organisationId: studentOrg, name: names.students });
    await startedDaysAgo(studentTeam.teamId, 5);
    const student = await makeUser({ organisationId: studentOrg, teams: [{ teamId: studentTeam.teamId }] });
    const studentPage = await renderRoute('/app/team', { route: TeamList, cookie: (await signIn(student.userId)).cookie });
    expect(studentPage.text).toContain(`${names.students} 1 member`);
    expect(studentPage.text).not.toContain('Current journey');
    expect(studentPage.text).not.toContain(TeamList.NO_JOURNEY);
  });

  it('names the next journey and its start date when none is current: not started yet, or on a break; none once the schedule ended', async () => {
    const organisationId = await makeOrganisation({ licenseType: LicenseType.Full });
    const names = { soon: unique('Soon'), breakThenMore: unique('Break'), ended: unique('Ended'), running: unique('Running2') };
    const teams = {
      soon: await makeTeam({ organisationId, name: names.soon }),
      breakThenMore: await makeTeam({ organisationId, name: names.breakThenMore }),
      ended: await makeTeam({ organisationId, name: names.ended }),
    };
    const resting = await makeTeam({ organisationId, name: unique('Resting2') });
    const running = await makeTeam({ organisationId, name: names.running });
    await scheduleRunningAndResting(running.teamId, resting.teamId);
    const inDays = (d: number) => new Date(Date.now() + d * DAY);
    const journey = async (id: number) => (await getDb().selectFrom('journeys').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
    await setTeamSchedule(getDb(), teams.soon.teamId, [{ journeyId: 5, scheduledAt: inDays(20) }, { journeyId: 4, scheduledAt: inDays(10) }]);
    await setTeamSchedule(getDb(), teams.breakThenMore.teamId, [
      { journeyId: 2, scheduledAt: inDays(-30) },
      { journeyId: BREAK_JOURNEY_ID, scheduledAt: inDays(-3), breakLabel: 'Summer break' },
      { journeyId: BREAK_JOURNEY_ID, scheduledAt: inDays(3), breakLabel: 'Another break' },
      { journeyId: 3, scheduledAt: inDays(7) },
    ]);
    await setTeamSchedule(getDb(), teams.ended.teamId, [{ journeyId: 2, scheduledAt: inDays(-30) }, { journeyId: 3, scheduledAt: inDays(5) }], inDays(-1));
    const me = await makeUser({ organisationId, teams: Object.values(teams).map((t) => ({ teamId: t.teamId })).concat([{ teamId: running.teamId }]) });
    const page = await renderRoute('/app/team', { route: TeamList, cookie: (await signIn(me.userId)).cookie });
    expect(page.text).toContain(`${names.soon} 1 member Next: ${await journey(4)} from ${formatShortDate(inDays(10).toISOString())}`);
    expect(page.text).toContain(`${names.breakThenMore} 1 member Next: ${await journey(3)} from ${formatShortDate(inDays(7).toISOString())}`);
    expect(page.text).toContain(`${names.ended} 1 member ${TeamList.NO_JOURNEY}`);
    // A current journey wins over the next one.
    expect(page.text).toContain(`${names.running} 1 member Current journey: ${await journey(3)}`);
  });

  it('renders inside the app shell, whose navigation comes from the same request', async () => {
    const { teamId, organisationId } = await makeTeam({ name: unique('Shell') });
    const me = await makeUser({ organisationId, teams: [{ teamId }] });
    const { cookie } = await signIn(me.userId);
    const page = await renderRoute('/app/team', { route: TeamList, id: 'routes/app+/team._index', cookie, layouts: [{ id: 'routes/app', route: AppLayout }] });
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<nav\b/);
    expect(page.html).toContain(`href="/app/team/${teamId}"`);
    expect(page.text).toContain('Your teams');
  });

  it('tells a learner without teams so', async () => {
    const loner = await makeUser();
    const { cookie } = await signIn(loner.userId);
    const page = await renderRoute('/app/team', { route: TeamList, cookie });
    expect(page.text).toContain('You don\'t currently belong to any teams.');
  });

  it('sends a visitor who is not signed in to the login page, with nothing rendered', async () => {
    const page = await renderRoute('/app/team', { route: TeamList });
    expect(page.status).toBe(302);
    expect(page.location).toBe('/auth/login?thenTo=%2Fapp%2Fteam');
    expect(page.html).toBe('');
  });
});
