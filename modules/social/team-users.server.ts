import { sql } from 'kysely';
import type { Db } from '@modules/shared/db/database';
import { policy, type PolicyUser, type TeamScope } from '@modules/identity/index.server';
import { deny, fullName } from './posts.server';

const byName = sql`lower(trim(u.first_name || ' ' || u.last_name))`;

/** Team users (learner-app s.3) sorted by full name: members of the team and whoever may administer it. */
export async function listTeamUsers(db: Db, user: PolicyUser, team: TeamScope) {
  if (!policy.canSeeTeam(user, team) && !policy.canAdministerTeam(user, team)) throw deny();
  return db
    .selectFrom('team_users as tu')
    .innerJoin('users as u', 'u.id', 'tu.user_id')
    .select(['tu.id as teamUserId', 'u.id as userId', fullName.as('fullName'), 'u.job_title as jobTitle', 'tu.is_team_admin as isTeamAdmin', 'u.profile_photo_blob_id as profilePhotoBlobId'])
    .where('tu.team_id', '=', team.teamId)
    .orderBy(byName)
    .orderBy('u.id')
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
 * Team home's Team Information: a few avatars per role and each role's count, in one query that
 * sends at most 2 × perRole rows whatever the team's size (a team of 2,000 sent all of them before).
 */
export async function teamAvatars(db: Db, user: PolicyUser, team: TeamScope, perRole: number): Promise<TeamAvatars> {
  if (!policy.canSeeTeam(user, team) && !policy.canAdministerTeam(user, team)) throw deny();
  const ranked = db
    .selectFrom('team_users as tu')
    .innerJoin('users as u', 'u.id', 'tu.user_id')
    .select([
      'u.id as userId',
      fullName.as('fullName'),
      'u.profile_photo_blob_id as profilePhotoBlobId',
      'tu.is_team_admin as isTeamAdmin',
      sql<number>`row_number() over (partition by tu.is_team_admin order by ${byName}, u.id)::int`.as('rank'),
      sql<number>`count(*) over (partition by tu.is_team_admin)::int`.as('total'),
    ])
    .where('tu.team_id', '=', team.teamId)
    .as('r');
  const rows = await db.selectFrom(ranked).selectAll().where('r.rank', '<=', perRole).orderBy('r.isTeamAdmin').orderBy('r.rank').execute();
  const role = (admin: boolean) => {
    const list = rows.filter((r) => r.isTeamAdmin === admin);
    return { shown: list.map(({ userId, fullName, profilePhotoBlobId }) => ({ userId, fullName, profilePhotoBlobId })), total: list[0]?.total ?? 0 };
  };
  return { admins: role(true), members: role(false) };
}
