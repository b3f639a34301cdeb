import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { createOrganisation } from '@modules/identity/index.server';
import { LicenseType } from '@modules/identity/schemas';
import { notifyUsers, NotificationType } from '@modules/social/index.server';
import { DAY } from '@modules/shared/clock';
import { args, formRequest, getRequest, run } from '../../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { buildSideNav, type ShellData } from '~/features/shell/app-shell.server';
import { isFeatureOn } from '~/utils/features';
import type { CurrentUser } from '@modules/identity/index.server';
import { appTitle, APP_LAYOUT_ROUTE_ID } from '~/utils/meta';
import { loader as appLayout } from '../app';
import { action as markSeen, loader as notifications } from './notifications';

async function shellFor(userId: number) {
  const { cookie } = await signIn(userId);
  const res = await run<ShellData>(() => appLayout(args(getRequest('/app/team', { cookie }))));
  expect(res.status).toBe(200);
  return res.data;
}

describe('app layout: side navigation by role', () => {
  it('builds the organisation, its enabled teams and their entries from the role rules', async () => {
    const organisationId = await makeOrganisation({ name: 'Demo Organisation' });
    const { teamId: lead } = await makeTeam({ organisationId, name: 'Leadership Team' });
    const { teamId: sales } = await makeTeam({ organisationId, name: 'Sales Team' });
    const { teamId: old } = await makeTeam({ organisationId, name: 'Archived Team', isDisabled: true });
    const member = await makeUser({ organisationId, teams: [{ teamId: lead }, { teamId: sales }, { teamId: old }] });
    const teamAdmin = await makeUser({ organisationId, teams: [{ teamId: lead, isTeamAdmin: true }, { teamId: sales }] });
    const orgAdmin = await makeUser({ organisationId, isOrganisationAdmin: true, teams: [{ teamId: lead }] });

    const m = await shellFor(member.userId);
    expect(m.nav.organisationName).toBe('Demo Organisation');
    expect(m.nav.teams).toEqual([
      { teamId: lead, name: 'Leadership Team', journeys: false, insights: false, posts: false },
      { teamId: sales, name: 'Sales Team', journeys: false, insights: false, posts: false },
    ]);
    // Feedback shows for members of an organisation while its feature is on (decision 203).
    expect(m.nav.feedback).toBe(isFeatureOn('feedback'));

    const t = await shellFor(teamAdmin.userId);
    expect(t.nav.teams.map((x) => [x.name, x.posts, x.insights])).toEqual([
      ['Leadership Team', true, false],
      ['Sales Team', false, false],
    ]);

    const o = await shellFor(orgAdmin.userId);
    // Posts shows for whoever may open the posts page, organisation admins included (the policy).
    expect(o.nav.teams).toEqual([{ teamId: lead, name: 'Leadership Team', journeys: false, insights: true, posts: true }]);
  });

  it('shows a user without an organisation only Explore and Activities', async () => {
    const u = await makeUser({ organisationId: null });
    const s = await shellFor(u.userId);
    expect(s.nav).toEqual({ organisationName: null, teams: [], feedback: false, homePath: '/app/home', myJourneys: true });
    expect(s.trial).toBeNull();
  });

  it('shows the organisation heading with no teams for an organisation member without teams', async () => {
    const organisationId = await makeOrganisation({ name: 'Small Co' });
    const u = await makeUser({ organisationId });
    const s = await shellFor(u.userId);
    expect(s.nav.organisationName).toBe('Small Co');
    expect(s.nav.teams).toEqual([]);
  });
});

describe('buildSideNav', () => {
  const userWith = (licenseType: 0 | 1 | 2 | 3): CurrentUser =>
    ({
      userPermissions: {
        isLedaAdmin: false,
        organisationId: 7,
        organisationName: 'Org',
        isOrganisationAdmin: false,
        teams: [
          { teamId: 1, isTeamAdmin: false, teamJourneys: [{ journeyId: 5 }] },
          { teamId: 2, isTeamAdmin: false, teamJourneys: [] },
        ],
        licenseType,
        licenseExpiredAt: null,
      },
    }) as unknown as CurrentUser;
  const teams = [
    { teamId: 1, name: 'A', organisationId: 7, isTeamAdmin: false },
    { teamId: 2, name: 'B', organisationId: 7, isTeamAdmin: false },
  ];

  it('shows Journeys only for a team with journeys, and never for a student licence', () => {
    expect(buildSideNav(userWith(LicenseType.Full), teams).teams.map((t) => t.journeys)).toEqual([true, false]);
    expect(buildSideNav(userWith(LicenseType.Student), teams).teams.map((t) => t.journeys)).toEqual([false, false]);
  });

  it('shows Feedback only when its flag is on', () => {
    expect(buildSideNav(userWith(LicenseType.Full), teams, { feedback: true }).feedback).toBe(true);
    expect(buildSideNav(userWith(LicenseType.Full), teams, { feedback: false }).feedback).toBe(false);
  });
});

describe('app layout: header', () => {
  it('shows the trial banner with the expiry date, or Unlimited, for trial licences only', async () => {
    const expiry = new Date(Date.UTC(2099, 11, 5, 12));
    const trialOrg = await makeOrganisation({ licenseType: LicenseType.Trial, licenseExpiredAt: expiry });
    const trial = await makeUser({ organisationId: trialOrg });
    expect((await shellFor(trial.userId)).trial).toEqual({ expiresOn: '05/12/99' });

    const unlimitedOrg = await createOrganisation(getDb(), { name: 'Unlimited trial', licenseType: LicenseType.Trial, licenseExpiredAt: null });
    const unlimited = await makeUser({ organisationId: unlimitedOrg });
    expect((await shellFor(unlimited.userId)).trial).toEqual({ expiresOn: null });

    const full = await makeUser();
    expect((await shellFor(full.userId)).trial).toBeNull();
    const studentOrg = await makeOrganisation({ licenseType: LicenseType.Student, licenseExpiredAt: new Date(Date.now() + DAY) });
    const student = await makeUser({ organisationId: studentOrg });
    expect((await shellFor(student.userId)).trial).toBeNull();
  });

  it('counts uncompleted my activities and unseen notifications from their tables', async () => {
    const u = await makeUser({ firstName: 'Ada', lastName: 'Lovelace' });
    const other = await makeUser();
    const empty = await shellFor(u.userId);
    expect(empty.myActivitiesCount).toBe(0);
    // Account creation sends the Welcome notification (decision 185).
    expect(empty.unseenNotifications).toBe(1);
    expect(empty.user).toMatchObject({ userId: u.userId, firstName: 'Ada', fullName: 'Ada Lovelace' });
    expect(empty.supportEmail).toMatch(/@/);

    await getDb()
      .insertInto('my_activities')
      .values([
        { user_id: u.userId, name: 'Active listening' },
        { user_id: u.userId, name: 'Give feedback', source_activity_id: 3 },
        { user_id: u.userId, name: 'Done already', completed_at: new Date() },
        { user_id: other.userId, name: 'Someone else' },
      ])
      .execute();
    await notifyUsers(getDb(), [u.userId], { type: NotificationType.Post, title: 'New post in Sales Team', link: '/app/post/1' });
    await notifyUsers(getDb(), [u.userId], { type: NotificationType.General, title: 'Older news' });

    const s = await shellFor(u.userId);
    expect(s.myActivitiesCount).toBe(2);
    expect(s.unseenNotifications).toBe(3);

    // The notifications page lists them newest first; marking them seen empties the counter.
    const { cookie } = await signIn(u.userId);
    const list = await run(() => notifications(args(getRequest('/app/notifications', { cookie }))));
    expect(list.data.notifications.map((n: { notification: { title: string } }) => n.notification.title)).toEqual([
      'Older news',
      'New post in Sales Team',
      'Welcome to Leda',
    ]);
    expect(list.data.notifications.every((n: { seenAt: string | null }) => n.seenAt === null)).toBe(true);
    const marked = await run(() => markSeen(args(formRequest('/app/notifications', {}, { cookie }))));
    expect(marked.location).toBe('/app/notifications');
    expect((await shellFor(u.userId)).unseenNotifications).toBe(0);
    expect((await shellFor(other.userId)).unseenNotifications).toBe(1);
  });

  it("lists only the Welcome notification for a new user", async () => {
    const u = await makeUser({ firstName: 'Grace' });
    const { cookie } = await signIn(u.userId);
    const list = await run(() => notifications(args(getRequest('/app/notifications', { cookie }))));
    expect(list.data.notifications).toHaveLength(1);
    expect(list.data.notifications[0].notification).toMatchObject({
      type: NotificationType.Welcome,
      title: 'Welcome to Leda',
      message: 'Hi Grace, your journeys, activities and team are all here.',
      link: '/app',
    });
  });

  it('puts the unseen count in brackets in page titles', () => {
    const matches = (n: number) => [{ id: 'root', data: {} }, { id: APP_LAYOUT_ROUTE_ID, data: { unseenNotifications: n } }] as never;
    expect(appTitle(matches(3), 'Team')).toBe('(3) Team | Leda');
    expect(appTitle(matches(0), 'Team')).toBe('Team | Leda');
    expect(appTitle([] as never, 'Help')).toBe('Help | Leda');
  });
});
