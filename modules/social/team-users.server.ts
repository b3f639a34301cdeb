import { sql } from 'kysely';
import type { Db } from '@modules/shared/db/database';
import { policy, type PolicyUser, type TeamScope } from '@modules/identity/index.server';
import { deny, fullName } from './posts.server';

/** Team users (learner-app s.3) sorted by full name (team_users.sort_name, decision 310): members of the team and whoever may administer it. */
export async function listTeamUsers(db: Db, user: PolicyUser, team: TeamScope) {
  if (!policy.canSeeTeam(user, team) && !policy.canAdministerTeam(user, team)) throw deny();
  return db
    .selectFrom('team_users as tu')
    .innerJoin('users as u', 'u.id', 'tu.user_id')
    .select(['tu.id as teamUserId', 'u.id as userId', fullName.as('fullName'), 'u.job_title as jobTitle', 'tu.is_team_admin as isTeamAdmin', 'u.profile_photo_blob_id as profilePhotoBlobId'])
    .where('tu.team_id', '=', team.teamId)
    .orderBy('tu.sort_name')
    .orderBy('tu.user_id')
    .execute();
}

export interface TeamAvatar {
  userId: number;
  fullName: string;
  profilePhotoBlobId: string | null;
}

/** The first `perRole` admins and members of a team by name, and how many of each there are. */
export interface TeamAvatars {
  admins: { shown: TeamAvatar[]; total: number };
  members: { shown: TeamAvatar[]; total: number };
}

/**
 * Team home's Team Information: a few avatars per role and each role's count, in one statement that
 * reads 2 × perRole index entries and counts the rest in the same index (team_users_member_order_idx,
 * decision 310), whatever the team's size: ranking 2,000 members joined to users took 12-18 ms.
 */
export async function teamAvatars(db: Db, user: PolicyUser, team: TeamScope, perRole: number): Promise<TeamAvatars> {
  if (!policy.canSeeTeam(user, team) && !policy.canAdministerTeam(user, team)) throw deny();
  const firstOfRole = (admin: boolean) => sql`(
    select u.id as "userId", ${fullName} as "fullName", u.profile_photo_blob_id as "profilePhotoBlobId", tu.is_team_admin as "isTeamAdmin"
    from team_users tu join users u on u.id = tu.user_id
    where tu.team_id = ${team.teamId} and tu.is_team_admin = ${admin}
    order by tu.sort_name, tu.user_id limit ${perRole})`;
  const { rows } = await sql<TeamAvatar & { isTeamAdmin: boolean | null; admins: number; members: number }>`
    select c.admins, c.members, r.* from (
      select (count(*) filter (where is_team_admin))::int as admins, (count(*) filter (where not is_team_admin))::int as members
      from team_users where team_id = ${team.teamId}
    ) c left join lateral (${firstOfRole(true)} union all ${firstOfRole(false)}) r on true`.execute(db);
  const role = (admin: boolean) => ({
    shown: rows.filter((r) => r.isTeamAdmin === admin).map(({ userId, fullName, profilePhotoBlobId }) => ({ userId, fullName, profilePhotoBlobId })),
    total: (admin ? rows[0]?.admins : rows[0]?.members) ?? 0,
  });
  return { admins: role(true), members: role(false) };
}
