import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { policy } from '@modules/identity/index.server';
import { apiRoute } from '~/utils/api.server';
import type { ShellData } from '~/features/shell/app-shell.server';
import { args, getRequest, jsonRequest, run } from '../../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../../tests/support/factories';
import { ORGS, ROLES, ROLE_NAMES, TEAMS, expected, rowFor, teamScope, type OrgKey, type Role, type SceneIds, type TeamKey } from '../../../tests/support/policy-table';
import { loader as appLayout } from '../app';
import { loader as adminLayout } from '../admin';
import { loader as help } from './help';
import { loader as teamHome } from './team.$teamId._index';
import { loader as teamPosts } from './team.$teamId.posts';
import { loader as teamInsights } from './team.$teamId.insights';

/**
 * The screen guards, apiRoute's resource access and the side navigation, each checked against the
 * permission table (tests/support/policy-table.ts) with real users in the real database.
 */
let ids: SceneIds;
const cookies = {} as Record<Role, string>;
const TEAM_KEYS = Object.keys(TEAMS) as TeamKey[];

beforeAll(async () => {
  const org = {} as Record<OrgKey, number>;
  for (const k of Object.keys(ORGS) as OrgKey[]) org[k] = await makeOrganisation({ name: `Org ${k} ${Math.random()}`, licenseType: ORGS[k] });
  const team = {} as Record<TeamKey, number>;
  for (const t of TEAM_KEYS) team[t] = (await makeTeam({ organisationId: org[TEAMS[t].org], name: `Team ${t}` })).teamId;
  const user = {} as Record<Role, number>;
  for (const role of ROLE_NAMES) {
    const spec = ROLES[role] as (typeof ROLES)[Role] & { isLedaAdmin?: boolean; isOrganisationAdmin?: boolean };
    const made = await makeUser({
      organisationId: spec.org ? org[spec.org as OrgKey] : null,
      isLedaAdmin: spec.isLedaAdmin,
      isOrganisationAdmin: spec.isOrganisationAdmin,
      teams: spec.teams.map((t: { team: TeamKey; isTeamAdmin?: boolean }) => ({ teamId: team[t.team], isTeamAdmin: t.isTeamAdmin })),
    });
    user[role] = made.userId;
    cookies[role] = (await signIn(made.userId)).cookie;
  }
  ids = { org, team, user };
});

const PAGES = [
  { question: 'canSeeTeam', loader: teamHome, sub: '' },
  { question: 'canSeeTeamPosts', loader: teamPosts, sub: '/posts' },
  { question: 'canSeeTeamInsights', loader: teamInsights, sub: '/insights' },
] as const;

describe('team page guards answer as the table says', () => {
  for (const page of PAGES) {
    it(`${page.question}: /app/team/{teamId}${page.sub}`, async () => {
      const got: Record<string, string> = {};
      const want: Record<string, string> = {};
      for (const role of ROLE_NAMES) {
        for (const t of TEAM_KEYS) {
          const teamId = ids.team[t];
          const res = await run(() => page.loader(args(getRequest(`/app/team/${teamId}${page.sub}`, { cookie: cookies[role] }), { teamId: String(teamId) })));
          got[`${role} ${t}`] = res.status === 200 ? 'opens' : `to ${res.location}`;
          const member = expected(rowFor('canSeeTeam', t), role);
          // A non-member goes to their first team's home, or the team list when they have none (decision 150);
          // on insights, to the app home (decision 255).
          const first: { team: TeamKey } | undefined = ROLES[role].teams[0];
          const appHome = role === 'student' ? 'to /app/explore/story' : 'to /app/home';
          const away = page.question === 'canSeeTeamInsights' ? appHome : first ? `to /app/team/${ids.team[first.team]}` : 'to /app/team';
          want[`${role} ${t}`] = expected(rowFor(page.question, t), role) ? 'opens' : member ? `to /app/team/${teamId}` : away;
        }
      }
      expect(got).toEqual(want);
    });
  }

  it('canUseAdmin: the admin console, and the Admin button on Help and in the shell', async () => {
    const row = rowFor('canUseAdmin', '-');
    for (const role of ROLE_NAMES) {
      const res = await run(() => adminLayout(args(getRequest('/admin', { cookie: cookies[role] }))));
      expect(res.status === 200, role).toBe(expected(row, role));
      const helpPage = await run<{ showAdmin: boolean }>(() => help(args(getRequest('/app/help', { cookie: cookies[role] }))));
      expect(helpPage.data.showAdmin, role).toBe(expected(row, role));
      const shell = await run<ShellData>(() => appLayout(args(getRequest('/app/help', { cookie: cookies[role] }))));
      expect(shell.data.user.isLedaAdmin, role).toBe(expected(row, role));
    }
  });
});

describe('the side navigation shows what the guards open', () => {
  it('lists Posts and Insights for a team exactly when the table (and so the guard) allows them', async () => {
    for (const role of ROLE_NAMES) {
      const res = await run<ShellData>(() => appLayout(args(getRequest('/app/team', { cookie: cookies[role] }))));
      const entries = Object.fromEntries(res.data.nav.teams.map((t) => [t.teamId, t]));
      for (const t of TEAM_KEYS) {
        const entry = entries[ids.team[t]];
        if (!expected(rowFor('canSeeTeam', t), role)) {
          expect(entry, `${role} ${t}`).toBeUndefined();
          continue;
        }
        expect({ posts: entry?.posts, insights: entry?.insights }, `${role} ${t}`).toEqual({
          posts: expected(rowFor('canSeeTeamPosts', t), role),
          insights: expected(rowFor('canSeeTeamInsights', t), role),
        });
      }
    }
  });
});

describe('apiRoute resource access asks the policy', () => {
  const route = apiRoute({
    access: 'user',
    schema: z.object({ teamId: z.number().int().positive().max(2_147_483_647) }),
    allow: async (user, body) => {
      const team = Object.values(TEAMS).length ? TEAM_KEYS.map((t) => teamScope(t, ids)).find((s) => s.teamId === body.teamId) : undefined;
      return team !== undefined && policy.canAdministerTeam(user, team);
    },
    handler: async ({ body }) => ({ administered: body.teamId }),
  });

  it('answers 200 to whoever may administer the team and 403 with a message to everyone else', async () => {
    for (const t of TEAM_KEYS) {
      const row = rowFor('canAdministerTeam', t);
      for (const role of ROLE_NAMES) {
        const res = await run(() => route.action(args(jsonRequest('/api/test/administer', { teamId: ids.team[t] }, { cookie: cookies[role] }))));
        if (expected(row, role)) expect(res.status, `${role} ${t}`).toBe(200);
        else expect({ status: res.status, data: res.data }, `${role} ${t}`).toEqual({ status: 403, data: { errorMsg: 'You do not have permission to do that.' } });
      }
    }
  });

  it('checks the body before the policy: a bad id is a 400, not a 403', async () => {
    const res = await run(() => route.action(args(jsonRequest('/api/test/administer', { teamId: 'x' }, { cookie: cookies.learner }))));
    expect(res.status).toBe(400);
  });
});
