import type { PolicyUser, UserPermissions } from '@modules/identity/index.server';
import { LicenseType } from '@modules/identity/schemas';

/**
 * The permission table (learner-app s.6, admin-console s.6): every policy question x role x scope
 * with its expected answer. The pure policy test, the screen guards' test and the navigation's
 * test all read this one table, so they can never disagree.
 *
 * The scene: organisation A (full licence) with teams T1 (has journeys) and T2; organisation B
 * with team T3; organisation C (trial licence) and S (student licence) whose users belong to T1.
 */
export const ORGS = { A: LicenseType.Full, B: LicenseType.Full, C: LicenseType.Trial, S: LicenseType.Student } as const;
export type OrgKey = keyof typeof ORGS;
export const TEAMS = { T1: { org: 'A', journeys: true }, T2: { org: 'A', journeys: false }, T3: { org: 'B', journeys: false } } as const;
export type TeamKey = keyof typeof TEAMS;

export interface RoleSpec {
  org: OrgKey | null;
  isLedaAdmin?: boolean;
  isOrganisationAdmin?: boolean;
  teams: { team: TeamKey; isTeamAdmin?: boolean }[];
}

export const ROLES = {
  /** A plain member of T1. */
  learner: { org: 'A', teams: [{ team: 'T1' }] },
  teamAdmin: { org: 'A', teams: [{ team: 'T1', isTeamAdmin: true }] },
  orgAdmin: { org: 'A', isOrganisationAdmin: true, teams: [{ team: 'T1' }] },
  /** Organisation admin of B, member of T1 (in A). */
  otherOrgAdmin: { org: 'B', isOrganisationAdmin: true, teams: [{ team: 'T1' }] },
  productAdmin: { org: 'B', isLedaAdmin: true, teams: [{ team: 'T1' }] },
  /** A product admin in no organisation and no team. */
  productAdminOutsider: { org: null, isLedaAdmin: true, teams: [] },
  trial: { org: 'C', teams: [{ team: 'T1' }] },
  student: { org: 'S', teams: [{ team: 'T1' }] },
} satisfies Record<string, RoleSpec>;
export type Role = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as Role[];

/** Ids in the pure test; the database tests map the keys to the rows they create. */
export interface SceneIds {
  org: Record<OrgKey, number>;
  team: Record<TeamKey, number>;
  user: Record<Role, number>;
}
export const PURE_IDS: SceneIds = {
  org: { A: 1, B: 2, C: 3, S: 4 },
  team: { T1: 11, T2: 12, T3: 21 },
  user: Object.fromEntries(ROLE_NAMES.map((r, i) => [r, 100 + i])) as Record<Role, number>,
};

export function policyUser(role: Role, ids: SceneIds = PURE_IDS): PolicyUser {
  const spec: RoleSpec = ROLES[role];
  const p: UserPermissions = {
    isLedaAdmin: spec.isLedaAdmin ?? false,
    organisationId: spec.org ? ids.org[spec.org] : null,
    organisationName: spec.org,
    isOrganisationAdmin: spec.org !== null && (spec.isOrganisationAdmin ?? false),
    teams: spec.teams.map((t) => ({
      teamId: ids.team[t.team],
      isTeamAdmin: t.isTeamAdmin ?? false,
      teamJourneys: TEAMS[t.team].journeys ? [{ journeyId: 1 }] : [],
    })),
    licenseType: spec.org ? ORGS[spec.org] : LicenseType.NoLicense,
    licenseExpiredAt: null,
  };
  return { userId: ids.user[role], userPermissions: p };
}

export const teamScope = (t: TeamKey, ids: SceneIds = PURE_IDS) => ({ teamId: ids.team[t], organisationId: ids.org[TEAMS[t].org] });

type Scope = (ids: SceneIds) => unknown;
const team = (t: TeamKey): Scope => (ids) => teamScope(t, ids);
const global = { kind: 'global' as const };
const audience = {
  global: (): unknown => global,
  org: (o: OrgKey): Scope => (ids) => ({ kind: 'organisation', organisationId: ids.org[o] }),
  team: (t: TeamKey): Scope => (ids) => ({ kind: 'team', ...teamScope(t, ids) }),
};
const post = (a: Scope): Scope => (ids) => ({ audience: a(ids) });
const comment = (by: Role | 'someoneElse', a: Scope): Scope => (ids) => ({
  creatorId: by === 'someoneElse' ? 999_999 : ids.user[by],
  post: { audience: a(ids) },
});
const profile = (of: Role): Scope => (ids) => {
  const o = ROLES[of].org as OrgKey | null;
  return { userId: ids.user[of], organisationId: o ? ids.org[o] : null, teamIds: ROLES[of].teams.map((t) => ids.team[t.team]) };
};

export interface PolicyCase {
  question: string;
  scope: string;
  resource: Scope | null;
  /** The roles answered yes; every other role is answered no. */
  yes: Role[];
}

const ADMINS_OF_T1: Role[] = ['teamAdmin', 'orgAdmin', 'productAdmin', 'productAdminOutsider'];
const MEMBERS_OF_T1: Role[] = ['learner', 'teamAdmin', 'orgAdmin', 'otherOrgAdmin', 'productAdmin', 'trial', 'student'];
const c = (question: string, scope: string, resource: Scope | null, yes: Role[]): PolicyCase => ({ question, scope, resource, yes });

export const POLICY_TABLE: PolicyCase[] = [
  c('canUseAdmin', '-', null, ['productAdmin', 'productAdminOutsider']),
  c('canManageOrganisationProvisioning', 'org A', (ids) => ({ organisationId: ids.org.A }), ['orgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canManageOrganisationProvisioning', 'org B', (ids) => ({ organisationId: ids.org.B }), ['otherOrgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canSeeTeam', 'T1', team('T1'), MEMBERS_OF_T1),
  c('canSeeTeam', 'T2', team('T2'), []),
  c('canSeeTeam', 'T3', team('T3'), []),
  c('canAdministerTeam', 'T1', team('T1'), ADMINS_OF_T1),
  c('canAdministerTeam', 'T2', team('T2'), ['orgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canAdministerTeam', 'T3', team('T3'), ['otherOrgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canSeeTeamPosts', 'T1', team('T1'), ['teamAdmin', 'orgAdmin', 'productAdmin']),
  c('canSeeTeamPosts', 'T2', team('T2'), []),
  c('canSeeTeamPosts', 'T3', team('T3'), []),
  c('canSeeTeamInsights', 'T1', team('T1'), ['orgAdmin', 'productAdmin']),
  c('canSeeTeamInsights', 'T2', team('T2'), []),
  c('canSeeTeamInsights', 'T3', team('T3'), []),
  c('canViewTeamInsights', 'T1', team('T1'), ['orgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canViewTeamInsights', 'T2', team('T2'), ['orgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canViewTeamInsights', 'T3', team('T3'), ['otherOrgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canSeeTeamJourneys', 'T1', team('T1'), ['learner', 'teamAdmin', 'orgAdmin', 'otherOrgAdmin', 'productAdmin', 'trial']),
  c('canSeeTeamJourneys', 'T2', team('T2'), []),
  c('canSeeJourneys', '-', null, ROLE_NAMES.filter((r) => r !== 'student')),
  c('seesTrialBanner', '-', null, ['trial']),
  c('canPostToAudience', 'global', audience.global, ['productAdmin', 'productAdminOutsider']),
  c('canPostToAudience', 'org A', audience.org('A'), ['orgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canPostToAudience', 'org B', audience.org('B'), ['otherOrgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canPostToAudience', 'T1', audience.team('T1'), ADMINS_OF_T1),
  c('canPostToAudience', 'T2', audience.team('T2'), ['orgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canUsePostEditor', 'T1', team('T1'), ['teamAdmin', 'orgAdmin', 'productAdmin']),
  c('canMarkPostOfficial', '-', null, ['productAdmin', 'productAdminOutsider']),
  c('canSeePost', 'global', post(audience.global), ROLE_NAMES),
  c('canSeePost', 'org A', post(audience.org('A')), ['learner', 'teamAdmin', 'orgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canSeePost', 'T1', post(audience.team('T1')), [...MEMBERS_OF_T1, 'productAdminOutsider']),
  c('canSeePost', 'T2', post(audience.team('T2')), ['orgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canSeePost', 'T3', post(audience.team('T3')), ['otherOrgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canModeratePost', 'global', post(audience.global), ['productAdmin', 'productAdminOutsider']),
  c('canModeratePost', 'org A', post(audience.org('A')), ['orgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canModeratePost', 'T1', post(audience.team('T1')), ADMINS_OF_T1),
  c('canModeratePost', 'T2', post(audience.team('T2')), ['orgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canModeratePost', 'T3', post(audience.team('T3')), ['otherOrgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canReactToPost', 'global', post(audience.global), []),
  c('canReactToPost', 'org A', post(audience.org('A')), ['learner', 'teamAdmin', 'orgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canReactToPost', 'T1', post(audience.team('T1')), [...MEMBERS_OF_T1, 'productAdminOutsider']),
  c('canReactToPost', 'T3', post(audience.team('T3')), ['otherOrgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canDeleteComment', "learner's on T1", comment('learner', audience.team('T1')), ['learner', ...ADMINS_OF_T1]),
  c('canDeleteComment', "another's on T1", comment('someoneElse', audience.team('T1')), ADMINS_OF_T1),
  c('canDeleteComment', "another's on T3", comment('someoneElse', audience.team('T3')), ['otherOrgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canViewProfile', "learner's", profile('learner'), ROLE_NAMES),
  c('canViewProfile', "trial user's (shares T1)", profile('trial'), ROLE_NAMES),
  c('canViewProfile', "an org B user's in T3", (ids) => ({ userId: 999_998, organisationId: ids.org.B, teamIds: [ids.team.T3] }), ['otherOrgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canViewProfile', "a stranger's", () => ({ userId: 999_997, organisationId: null, teamIds: [] }), ['productAdmin', 'productAdminOutsider']),
  c('canViewProfile', "outsider admin's", profile('productAdminOutsider'), ['productAdminOutsider', 'productAdmin']),
  c('canEditProfile', "learner's", profile('learner'), ['learner']),
  c('canSeeUserUploads', "learner's", profile('learner'), ['learner', 'teamAdmin', 'orgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canSeeUserUploads', "trial user's (org C, in T1)", profile('trial'), ['trial', 'teamAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canSeeUserUploads', "an org B user's in T3", (ids) => ({ userId: 999_998, organisationId: ids.org.B, teamIds: [ids.team.T3] }), ['otherOrgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canSeeUserUploads', "a stranger's", () => ({ userId: 999_997, organisationId: null, teamIds: [] }), ['productAdmin', 'productAdminOutsider']),
  c('canUsePeerFeedback', '-', null, ROLE_NAMES.filter((r) => r !== 'productAdminOutsider')),
  c('canManageFeedbackContact', "learner's", (ids) => ({ userId: ids.user.learner }), ['learner']),
  c('canEraseAnyone', '-', null, ['orgAdmin', 'otherOrgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canEraseSomeone', "learner's (org A)", (ids) => ({ ...(profile('learner')(ids) as object), isLedaAdmin: false }), ['orgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canEraseSomeone', "an org B user's", (ids) => ({ userId: 999_998, organisationId: ids.org.B, isLedaAdmin: false }), ['otherOrgAdmin', 'productAdmin', 'productAdminOutsider']),
  c('canEraseSomeone', "a product admin's in org B", (ids) => ({ userId: ids.user.productAdmin, organisationId: ids.org.B, isLedaAdmin: true }), ['productAdminOutsider']),
  c('canEraseSomeone', "a stranger's (no organisation)", () => ({ userId: 999_997, organisationId: null, isLedaAdmin: false }), ['productAdmin', 'productAdminOutsider']),
  c('canEraseSomeone', "the org admin's own", (ids) => ({ userId: ids.user.orgAdmin, organisationId: ids.org.A, isLedaAdmin: false }), ['productAdmin', 'productAdminOutsider']),
  c('canRequestDataExport', "learner's", (ids) => ({ userId: ids.user.learner }), ['learner', 'productAdmin', 'productAdminOutsider']),
  c('canDownloadDataExport', "learner's, asked by the learner", (ids) => ({ userId: ids.user.learner, requestedBy: ids.user.learner }), ['learner']),
  c('canDownloadDataExport', "learner's, asked by a product admin", (ids) => ({ userId: ids.user.learner, requestedBy: ids.user.productAdmin }), ['learner', 'productAdmin']),
];

/** The expected answer of one case for one role. */
export const expected = (row: PolicyCase, role: Role) => row.yes.includes(role);

/** The table's expected answer for a question and scope (the guard and navigation tests look rows up). */
export function rowFor(question: string, scope: string): PolicyCase {
  const row = POLICY_TABLE.find((r) => r.question === question && r.scope === scope);
  if (!row) throw new Error(`No policy table row for ${question} ${scope}`);
  return row;
}
