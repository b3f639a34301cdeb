import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '@modules/shared/db/database';
import { LicenseType, type LicenseTypeValue } from './schemas';
import type { CurrentUser } from './current-user';
import { canSeeJourneys } from './policy.server';

export type { UserPermissions, CurrentUser } from './current-user';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * The one function that computes a user's permissions: two indexed queries (the user with
 * the organisation, then the enabled teams). teamJourneys are added by the journeys module
 * through the `teamJourneys` argument, only when the policy lets the user see journeys (a student
 * licence gets empty lists, so no answer built from the user, /api included, carries journeys).
 */
export async function getCurrentUser(
  db: Kysely<Database>,
  userId: number,
  teamJourneys?: (teamIds: number[]) => Promise<Map<number, { journeyId: number }[]>>,
): Promise<CurrentUser | undefined> {
  return (await getCurrentUserAndTeams(db, userId, teamJourneys))?.user;
}

/** A team the user belongs to, as the navigation and the team guards list them (enabled teams, by name). */
export interface UserTeam {
  teamId: number;
  name: string;
  organisationId: number;
  isTeamAdmin: boolean;
}

/**
 * getCurrentUser, plus the user's enabled teams with their names from the same statement, so a
 * signed-in page does not ask for the team list again (issue 16: one query less per /app page).
 */
export async function getCurrentUserAndTeams(
  db: Kysely<Database>,
  userId: number,
  teamJourneys?: (teamIds: number[]) => Promise<Map<number, { journeyId: number }[]>>,
): Promise<{ user: CurrentUser; teams: UserTeam[] } | undefined> {
  const u = await db
    .selectFrom('users')
    .leftJoin('organisations', 'organisations.id', 'users.organisation_id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.phone',
      'users.job_title',
      'users.bio',
      'users.profile_photo_blob_id',
      'users.password_updated_at',
      'users.is_leda_admin',
      'users.is_locked',
      'users.is_organisation_admin',
      'users.organisation_id',
      'organisations.name as organisation_name',
      'organisations.license_type',
      'organisations.license_expired_at',
    ])
    // The enabled teams in the same statement: resolving a session costs one query less (issue 16).
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('team_users')
          .innerJoin('teams', 'teams.id', 'team_users.team_id')
          .select(['teams.id as teamId', 'teams.name', 'teams.organisation_id as organisationId', 'team_users.is_team_admin as isTeamAdmin'])
          .whereRef('team_users.user_id', '=', 'users.id')
          .where('teams.is_disabled', '=', false)
          .orderBy('teams.name'),
      ).as('teams'),
    )
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!u) return undefined;
  const teams = u.teams;
  const user: CurrentUser = {
    userId: u.id,
    firstName: u.first_name,
    lastName: u.last_name,
    fullName: `${u.first_name} ${u.last_name}`.trim(),
    email: u.email,
    phone: u.phone,
    jobTitle: u.job_title,
    bio: u.bio,
    profilePhotoBlobId: u.profile_photo_blob_id,
    passwordUpdatedAt: iso(u.password_updated_at),
    isLedaAdmin: u.is_leda_admin,
    isLocked: u.is_locked,
    userPermissions: {
      isLedaAdmin: u.is_leda_admin,
      organisationId: u.organisation_id,
      organisationName: u.organisation_name ?? null,
      isOrganisationAdmin: u.organisation_id !== null && u.is_organisation_admin,
      teams: teams.map((t) => ({ teamId: t.teamId, isTeamAdmin: t.isTeamAdmin, teamJourneys: [] as { journeyId: number }[] })),
      licenseType: (u.license_type ?? LicenseType.NoLicense) as LicenseTypeValue,
      licenseExpiredAt: iso(u.license_expired_at ?? null),
    },
  };
  // The one policy decides: a student licence never carries team journeys (issue 11).
  if (teamJourneys && teams.length && canSeeJourneys(user)) {
    const journeys = await teamJourneys(teams.map((t) => t.teamId));
    for (const t of user.userPermissions.teams) t.teamJourneys = journeys.get(t.teamId) ?? [];
  }
  return { user, teams: teams.map((t) => ({ teamId: t.teamId, name: t.name, organisationId: t.organisationId, isTeamAdmin: t.isTeamAdmin })) };
}

/** A locked user, or one whose organisation's licence has expired, may not use the app. */
export function isAccessBlocked(user: Pick<CurrentUser, 'isLocked' | 'isLedaAdmin' | 'userPermissions'>, at = new Date()) {
  if (user.isLocked) return true;
  if (user.isLedaAdmin) return false;
  const expiry = user.userPermissions.licenseExpiredAt;
  return expiry !== null && new Date(expiry).getTime() < at.getTime();
}

/** Where "/app" leads: stories for student licences, the team list for everyone else. */
export function appHomePath(user: Pick<CurrentUser, 'userPermissions'>) {
  return user.userPermissions.licenseType === LicenseType.Student ? '/app/explore/story' : '/app/team';
}
