import { describe, expect, it } from 'vitest';
import { resetEnvCache } from '@modules/shared/env.server';
import { getDb } from '@modules/shared/index.server';
import { createTeam } from '@modules/identity/index.server';
import { LicenseType } from '@modules/identity/schemas';
import { DAY } from '@modules/shared/clock';
import { args, getRequest, formRequest, run } from '../../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { loader as appLayout } from '../app';
import { loader as appIndex } from './_index';
import { loader as appHome } from './home';
import { loader as appNotFound } from './$';
import { loader as teamList } from './team._index';
import { loader as teamHome } from './team.$teamId._index';
import { loader as teamJourneys } from './team.$teamId.journeys';
import { loader as teamMembers } from './team.$teamId.members';
import { loader as teamPosts } from './team.$teamId.posts';
import { loader as teamInsights } from './team.$teamId.insights';
import { loader as activities } from './activities._index';
import { loader as completedActivities } from './activities.completed-activities';
import { loader as journey } from './journey.$journey._index';
import { loader as feedback } from './feedback';
import { loader as settings } from './settings._index';
import { loader as settingsProfile } from './settings.profile';
import { loader as settingsNotification } from './settings.notification';
import { loader as help } from './help';
import { loader as profile } from './profile._index';
import { loader as otherProfile } from './profile.$userId';
import { loader as post } from './post.$postId';
import { loader as notifications, action as markSeen } from './notifications';
import { action as authLoginAction, loader as authLogin } from '../auth+/login';
import { loader as adminLayout } from '../admin';

type Loader = (a: ReturnType<typeof args>) => Promise<unknown>;

/** Every /app loader with a sample path and params. */
const APP_ROUTES: [string, Loader, Record<string, string>][] = [
  ['/app', appLayout, {}],
  ['/app?x=1', appIndex, {}],
  ['/app/home?x=1', appHome, {}],
  ['/app/team', teamList, {}],
  ['/app/team/1', teamHome, { teamId: '1' }],
  ['/app/team/1/journeys', teamJourneys, { teamId: '1' }],
  ['/app/team/1/members', teamMembers, { teamId: '1' }],
  ['/app/team/1/posts', teamPosts, { teamId: '1' }],
  ['/app/team/1/insights', teamInsights, { teamId: '1' }],
  ['/app/activities?myActivityId=4', activities, {}],
  ['/app/activities/completed-activities', completedActivities, {}],
  ['/app/journey/first-journey', journey, { journey: 'first-journey' }],
  ['/app/feedback', feedback, {}],
  ['/app/settings', settings, {}],
  ['/app/settings/profile', settingsProfile, {}],
  ['/app/settings/notification', settingsNotification, {}],
  ['/app/help', help, {}],
  ['/app/profile', profile, {}],
  ['/app/profile/12', otherProfile, { userId: '12' }],
  ['/app/post/5', post, { postId: '5' }],
  ['/app/notifications', notifications, {}],
  ['/app/no/such/page?q=2', appNotFound, { '*': 'no/such/page' }],
];

describe('/app guards', () => {
  it('sends an anonymous visitor to login with thenTo = path and query, on every /app route', async () => {
    for (const [path, loader, params] of APP_ROUTES) {
      const res = await run(() => loader(args(getRequest(path), params)));
      expect(res.status, path).toBe(302);
      expect(res.location, path).toBe(`/auth/login?thenTo=${encodeURIComponent(path)}`);
    }
    const post = await run(() => markSeen(args(formRequest('/app/notifications', {}))));
    expect(post.location).toBe(`/auth/login?thenTo=${encodeURIComponent('/app/notifications')}`);
  });

  it('sends an expired licence to /license-expired, on every /app route', async () => {
    const expiredOrg = await makeOrganisation({ licenseType: LicenseType.Full, licenseExpiredAt: new Date(Date.now() - DAY) });
    const expired = await makeUser({ organisationId: expiredOrg });
    const { cookie } = await signIn(expired.userId);
    for (const [path, loader, params] of APP_ROUTES) {
      const res = await run(() => loader(args(getRequest(path, { cookie }), params)));
      expect(res.location, path).toBe('/license-expired');
    }
  });

  it("ends a locked user's session: /app sends them to login, and login to /license-expired", async () => {
    const locked = await makeUser({ isLocked: true });
    const { cookie } = await signIn(locked.userId);
    for (const [path, loader, params] of APP_ROUTES) {
      const res = await run(() => loader(args(getRequest(path, { cookie }), params)));
      expect(res.location, path).toBe(`/auth/login?thenTo=${encodeURIComponent(path)}`);
    }
    const login = await run(() => authLoginAction(args(formRequest('/auth/login', { email: locked.email, password: locked.password }))));
    expect(login.location).toBe('/license-expired');
  });

  it('sends /app to the learner home (decision 272), or the stories page for a student licence, keeping the query', async () => {
    const learner = await makeUser();
    const studentOrg = await makeOrganisation({ licenseType: LicenseType.Student });
    const student = await makeUser({ organisationId: studentOrg });
    const noOrg = await makeUser({ organisationId: null });
    const cases = [
      [learner, '/app/home'],
      [student, '/app/explore/story'],
      [noOrg, '/app/home'],
    ] as const;
    for (const [u, home] of cases) {
      const { cookie } = await signIn(u.userId);
      const a = await run(() => appIndex(args(getRequest('/app?utm_source=mail&x=1', { cookie }))));
      expect(a.status).toBe(302);
      expect(a.location).toBe(`${home}?utm_source=mail&x=1`);
      const b = await run(() => appHome(args(getRequest('/app/home?x=2', { cookie }))));
      const c = await run(() => appHome(args(getRequest('/app/home', { cookie }))));
      if (home === '/app/home') {
        // The learner home is a page of its own (decision 272).
        expect([b.status, c.status]).toEqual([200, 200]);
        continue;
      }
      expect(b.location).toBe(`${home}?x=2`);
      expect(c.location).toBe(home);
    }
  });

  it('renders unknown /app paths as a 404 inside the shell', async () => {
    const u = await makeUser();
    const { cookie } = await signIn(u.userId);
    const res = await run(() => appNotFound(args(getRequest('/app/nonsense', { cookie }), { '*': 'nonsense' })));
    expect(res.status).toBe(404);
    const shell = await run(() => appLayout(args(getRequest('/app/nonsense', { cookie }))));
    expect(shell.status).toBe(200);
  });

  it('sends /app/settings to the profile settings, and shows peer feedback only to members of an organisation', async () => {
    const u = await makeUser();
    const { cookie } = await signIn(u.userId);
    expect((await run(() => settings(args(getRequest('/app/settings', { cookie }))))).location).toBe('/app/settings/profile');
    expect((await run(() => feedback(args(getRequest('/app/feedback', { cookie }))))).status).toBe(200);
    const loner = await signIn((await makeUser({ organisationId: null })).userId);
    expect((await run(() => feedback(args(getRequest('/app/feedback', { cookie: loner.cookie }))))).status).toBe(404);
    expect((await run(() => otherProfile(args(getRequest('/app/profile/abc', { cookie }), { userId: 'abc' })))).status).toBe(404);
  });

  it('sends a student away from journeys', async () => {
    const studentOrg = await makeOrganisation({ licenseType: LicenseType.Student });
    const student = await makeUser({ organisationId: studentOrg });
    const { cookie } = await signIn(student.userId);
    const res = await run(() => journey(args(getRequest('/app/journey/x', { cookie }), { journey: 'x' })));
    expect(res.location).toBe('/app/explore/story');
  });
});

describe('under construction', () => {
  it('redirects /app, /auth and /admin to /under-construction, and stops when the date is gone', async () => {
    const admin = await makeUser({ isLedaAdmin: true });
    const { cookie } = await signIn(admin.userId);
    const before = process.env.UNDER_CONSTRUCTION_UNTIL;
    process.env.UNDER_CONSTRUCTION_UNTIL = new Date(Date.now() + 7 * DAY).toISOString();
    resetEnvCache();
    try {
      for (const opts of [{}, { cookie }]) {
        expect((await run(() => appLayout(args(getRequest('/app', opts))))).location).toBe('/under-construction');
        expect((await run(() => appIndex(args(getRequest('/app', opts))))).location).toBe('/under-construction');
        expect((await run(() => teamList(args(getRequest('/app/team', opts))))).location).toBe('/under-construction');
        expect((await run(() => authLogin(args(getRequest('/auth/login', opts))))).location).toBe('/under-construction');
        expect((await run(() => adminLayout(args(getRequest('/admin', opts))))).location).toBe('/under-construction');
      }
    } finally {
      if (before === undefined) delete process.env.UNDER_CONSTRUCTION_UNTIL;
      else process.env.UNDER_CONSTRUCTION_UNTIL = before;
      resetEnvCache();
    }
    expect((await run(() => appLayout(args(getRequest('/app', { cookie }))))).status).toBe(200);
    expect((await run(() => adminLayout(args(getRequest('/admin', { cookie }))))).status).toBe(200);
  });
});

describe('team routes by role', () => {
  async function setup() {
    const organisationId = await makeOrganisation();
    const { teamId } = await makeTeam({ organisationId, name: 'Leadership Team' });
    const { teamId: otherTeamId } = await makeTeam({ organisationId, name: 'Sales Team' });
    const { teamId: disabledTeamId } = await makeTeam({ organisationId, name: 'Old Team', isDisabled: true });
    const member = await makeUser({ organisationId, teams: [{ teamId }, { teamId: disabledTeamId }] });
    const teamAdmin = await makeUser({ organisationId, teams: [{ teamId, isTeamAdmin: true }] });
    const orgAdmin = await makeUser({ organisationId, isOrganisationAdmin: true, teams: [{ teamId }] });
    const productAdmin = await makeUser({ isLedaAdmin: true, teams: [{ teamId }] });
    const foreignOrgAdmin = await makeUser({ isOrganisationAdmin: true, teams: [{ teamId }] });
    return { orgId: organisationId, teamId, otherTeamId, disabledTeamId, member, teamAdmin, orgAdmin, productAdmin, foreignOrgAdmin };
  }

  const visit = async (loader: Loader, userId: number, teamId: number | string, sub = '') => {
    const { cookie } = await signIn(userId);
    return run(() => loader(args(getRequest(`/app/team/${teamId}${sub}`, { cookie }), { teamId: String(teamId) })));
  };

  it('lets a member see team home and members, but not posts, insights or journeys (none yet)', async () => {
    const s = await setup();
    const home = await visit(teamHome, s.member.userId, s.teamId);
    expect(home.status).toBe(200);
    expect(home.data).toMatchObject({ teamId: s.teamId, teamName: 'Leadership Team' });
    expect((await visit(teamMembers, s.member.userId, s.teamId, '/members')).status).toBe(200);
    for (const [loader, sub] of [
      [teamPosts, '/posts'],
      [teamInsights, '/insights'],
      [teamJourneys, '/journeys'],
    ] as const) {
      const res = await visit(loader, s.member.userId, s.teamId, sub);
      // A team without journeys: home, the app home (learner spec 2; decision 255).
      expect(res.location, sub).toBe(sub === '/journeys' ? '/app/home' : `/app/team/${s.teamId}`);
    }
  });

  it("sends a non-member, a disabled team and a malformed or unknown id to the user's first team (insights and journeys: home)", async () => {
    const s = await setup();
    const first = `/app/team/${s.teamId}`;
    for (const loader of [teamHome, teamMembers, teamPosts, teamInsights, teamJourneys]) {
      // Learner spec 2: insights and journeys send an unknown team "home", the app home (decision 255).
      const to = loader === teamInsights || loader === teamJourneys ? '/app/home' : first;
      expect((await visit(loader, s.member.userId, s.otherTeamId)).location).toBe(to);
      expect((await visit(loader, s.member.userId, s.disabledTeamId)).location).toBe(to);
      expect((await visit(loader, s.member.userId, 'abc')).location).toBe(to);
      expect((await visit(loader, s.member.userId, 999999)).location).toBe(to);
    }
    // The first team is the first on the user's team list (by name).
    const both = await makeUser({ organisationId: s.orgId, teams: [{ teamId: s.teamId }, { teamId: s.otherTeamId }] });
    expect((await visit(teamHome, both.userId, 999)).location).toBe(first);
    // Without any team: the team list, which says so.
    const lonely = await makeUser({ organisationId: s.orgId });
    expect((await visit(teamHome, lonely.userId, 999)).location).toBe('/app/team');
    // Even a product admin must be a member to use the learner team pages.
    const outsider = await makeUser({ isLedaAdmin: true });
    expect((await visit(teamHome, outsider.userId, s.teamId)).location).toBe('/app/team');
  });

  it('opens posts to team admins and organisation admins, insights to organisation admins and product admins', async () => {
    const s = await setup();
    expect((await visit(teamPosts, s.teamAdmin.userId, s.teamId, '/posts')).status).toBe(200);
    expect((await visit(teamInsights, s.teamAdmin.userId, s.teamId, '/insights')).location).toBe(`/app/team/${s.teamId}`);
    expect((await visit(teamPosts, s.orgAdmin.userId, s.teamId, '/posts')).status).toBe(200);
    expect((await visit(teamInsights, s.orgAdmin.userId, s.teamId, '/insights')).status).toBe(200);
    expect((await visit(teamInsights, s.productAdmin.userId, s.teamId, '/insights')).status).toBe(200);
    // An organisation admin of another organisation gets neither.
    expect((await visit(teamInsights, s.foreignOrgAdmin.userId, s.teamId, '/insights')).location).toBe(`/app/team/${s.teamId}`);
    expect((await visit(teamPosts, s.foreignOrgAdmin.userId, s.teamId, '/posts')).location).toBe(`/app/team/${s.teamId}`);
  });

  it('shows each team card with its description as text and its member count', async () => {
    const organisationId = await makeOrganisation();
    const teamId = await createTeam(getDb(), { organisationId, name: 'Conflict Management Champions', description: '<p>We practise <strong>hard</strong> talks &amp; feedback.</p>' });
    const me = await makeUser({ organisationId, teams: [{ teamId }] });
    await makeUser({ organisationId, teams: [{ teamId }] });
    const { cookie } = await signIn(me.userId);
    const res = await run(() => teamList(args(getRequest('/app/team', { cookie }))));
    expect(res.data.teams).toEqual([
      { teamId, name: 'Conflict Management Champions', description: 'We practise hard talks & feedback.', memberCount: 2, isTeamAdmin: false, currentJourney: null, nextJourney: null },
    ]);
  });

  it('lists the enabled teams on the team list, or none', async () => {
    const s = await setup();
    const { cookie } = await signIn(s.member.userId);
    const res = await run(() => teamList(args(getRequest('/app/team', { cookie }))));
    // Each card: name, description (plain text), member count and the current journey (none yet).
    expect(res.data.teams).toEqual([
      { teamId: s.teamId, name: 'Leadership Team', description: null, memberCount: 5, isTeamAdmin: false, currentJourney: null, nextJourney: null },
    ]);
    const lonely = await makeUser({ organisationId: null });
    const lonelySession = await signIn(lonely.userId);
    const none = await run(() => teamList(args(getRequest('/app/team', lonelySession))));
    expect(none.data.teams).toEqual([]);
  });
});
