import { getDb } from '@modules/shared/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { AudienceType, savePost, type PublishScheduler } from '@modules/social/index.server';
import { makeOrganisation, makeTeam, makeUser, signIn } from './factories';

/**
 * The post permission matrix (learner-app s.6): every post action x role x scope with its expected
 * answer, written out by hand (not derived from the policy). The /api test and the screen-action
 * test both read it. Scene: organisation A with teams T1 and T2, organisation B with T3.
 */
export const MATRIX_ROLES = ['productAdmin', 'orgAdminOwn', 'orgAdminOther', 'teamAdminOwn', 'teamAdminOther', 'member', 'nonMember'] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];
export const SCOPES = ['team', 'organisation', 'global'] as const;
export type Scope = (typeof SCOPES)[number];
export const ACTIONS = ['create', 'edit', 'pin', 'delete', 'like', 'comment', 'deleteComment'] as const;
export type Action = (typeof ACTIONS)[number];

const Y = true;
const N = false;
/** Columns: productAdmin, orgAdminOwn, orgAdminOther, teamAdminOwn, teamAdminOther, member, nonMember. */
export const EXPECTED: Record<Action, Record<Scope, boolean[]>> = {
  create: { team: [Y, Y, N, Y, N, N, N], organisation: [Y, Y, N, N, N, N, N], global: [Y, N, N, N, N, N, N] },
  edit: { team: [Y, Y, N, Y, N, N, N], organisation: [Y, Y, N, N, N, N, N], global: [Y, N, N, N, N, N, N] },
  pin: { team: [Y, Y, N, Y, N, N, N], organisation: [Y, Y, N, N, N, N, N], global: [Y, N, N, N, N, N, N] },
  delete: { team: [Y, Y, N, Y, N, N, N], organisation: [Y, Y, N, N, N, N, N], global: [Y, N, N, N, N, N, N] },
  like: { team: [Y, Y, Y, Y, Y, Y, N], organisation: [Y, Y, N, Y, Y, Y, Y], global: [N, N, N, N, N, N, N] },
  comment: { team: [Y, Y, Y, Y, Y, Y, N], organisation: [Y, Y, N, Y, Y, Y, Y], global: [N, N, N, N, N, N, N] },
  /** Someone else's comment. */
  deleteComment: { team: [Y, Y, N, Y, N, N, N], organisation: [Y, Y, N, N, N, N, N], global: [Y, N, N, N, N, N, N] },
};

export const expected = (action: Action, scope: Scope, role: MatrixRole) => EXPECTED[action][scope][MATRIX_ROLES.indexOf(role)]!;

export const noScheduler: PublishScheduler = { schedule: async () => {}, cancel: async () => {} };

export interface MatrixScene {
  orgA: number;
  t1: { teamId: number; organisationId: number };
  users: Record<MatrixRole, { userId: number; token: string; cookie: string }>;
  commenter: { userId: number };
  /** A fresh post in the scope (by the product admin), with a comment by `commenter`. */
  makePost(scope: Scope): Promise<{ postId: number; postCommentId: number }>;
}

export async function matrixScene(): Promise<MatrixScene> {
  const orgA = await makeOrganisation();
  const orgB = await makeOrganisation();
  const t1 = await makeTeam({ organisationId: orgA });
  const t2 = await makeTeam({ organisationId: orgA });
  await makeTeam({ organisationId: orgB });
  const specs: Record<MatrixRole, Parameters<typeof makeUser>[0]> = {
    productAdmin: { organisationId: orgA, isLedaAdmin: true, teams: [{ teamId: t1.teamId }] },
    orgAdminOwn: { organisationId: orgA, isOrganisationAdmin: true, teams: [{ teamId: t1.teamId }] },
    orgAdminOther: { organisationId: orgB, isOrganisationAdmin: true, teams: [{ teamId: t1.teamId }] },
    teamAdminOwn: { organisationId: orgA, teams: [{ teamId: t1.teamId, isTeamAdmin: true }] },
    teamAdminOther: { organisationId: orgA, teams: [{ teamId: t1.teamId }, { teamId: t2.teamId, isTeamAdmin: true }] },
    member: { organisationId: orgA, teams: [{ teamId: t1.teamId }] },
    nonMember: { organisationId: orgA, teams: [] },
  };
  const users = {} as MatrixScene['users'];
  for (const role of MATRIX_ROLES) {
    const u = await makeUser(specs[role]);
    users[role] = { userId: u.userId, ...(await signIn(u.userId)) };
  }
  const commenter = await makeUser({ organisationId: orgA, teams: [{ teamId: t1.teamId }] });
  const pa = (await getCurrentUser(getDb(), users.productAdmin.userId))!;
  const audience = (scope: Scope) =>
    scope === 'team'
      ? { audienceType: AudienceType.Team, teamId: t1.teamId }
      : scope === 'organisation'
        ? { audienceType: AudienceType.Organisation, organisationId: orgA }
        : { audienceType: AudienceType.Global };
  return {
    orgA,
    t1,
    users,
    commenter,
    async makePost(scope) {
      const post = await savePost(getDb(), pa, { text: `A ${scope} post`, ...audience(scope) }, noScheduler);
      // The fixture's comment is written directly: one scene makes dozens of posts a minute, more than
      // the per-user comment limit allows through commentPost (global posts take no comments through
      // the app at all). The comment action itself goes through the app in the matrix.
      const row = await getDb().insertInto('post_comments').values({ post_id: post.postId, user_id: commenter.userId, text: scope === 'global' ? 'x' : 'A comment' }).returning('id').executeTakeFirstOrThrow();
      return { postId: post.postId, postCommentId: row.id };
    },
  };
}
