import type { ExpressionBuilder, Selection } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database, Db } from '@modules/shared/db/database';
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
  db: Db,
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

/** The user's columns (with the organisation's) and enabled teams: one select list, shared by getCurrentUserAndTeams and the session query. */
export function currentUserSelection(eb: ExpressionBuilder<Database & { users: Database['users'] }, 'users' | 'organisations'>) {
  return [
    eb.ref('users.id').as('user_id'),
    eb.ref('users.first_name').as('first_name'),
    eb.ref('users.last_name').as('last_name'),
    eb.ref('users.email').as('email'),
    eb.ref('users.phone').as('phone'),
    eb.ref('users.job_title').as('job_title'),
    eb.ref('users.bio').as('bio'),
    eb.ref('users.profile_photo_blob_id').as('profile_photo_blob_id'),
    eb.ref('users.password_updated_at').as('password_updated_at'),
    eb.ref('users.is_leda_admin').as('is_leda_admin'),
    eb.ref('users.is_locked').as('is_locked'),
    eb.ref('users.is_organisation_admin').as('is_organisation_admin'),
    eb.ref('users.organisation_id').as('organisation_id'),
    eb.ref('organisations.name').as('organisation_name'),
    eb.ref('organisations.license_type').as('license_type'),
    eb.ref('organisations.license_expired_at').as('license_expired_at'),
    // The enabled teams in the same statement: resolving a session costs one query less (issue 16).
    jsonArrayFrom(
      eb
        .selectFrom('team_users')
        .innerJoin('teams', 'teams.id', 'team_users.team_id')
        .select(['teams.id as teamId', 'teams.name', 'teams.organisation_id as organisationId', 'team_users.is_team_admin as isTeamAdmin'])
        .whereRef('team_users.user_id', '=', 'users.id')
        .where('teams.is_disabled', '=', false)
        .orderBy('teams.name'),
    ).as('teams'),
  ] as const;
}

type UserRow = Selection<Database, 'users' | 'organisations', ReturnType<typeof currentUserSelection>[number]>;

/**
 * The current user and their teams from a row of currentUserSelection; `teamJourneys` (the journeys
 * module's, per team) are kept only when the policy lets the user see journeys.
 */
export function toCurrentUser(u: UserRow, teamJourneys: Map<number, { journeyId: number }[]> | null): { user: CurrentUser; teams: UserTeam[] } {
  const teams = u.teams;
  const user: CurrentUser = {
    userId: u.user_id,
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
  if (teamJourneys && canSeeJourneys(user)) for (const t of user.userPermissions.teams) t.teamJourneys = teamJourneys.get(t.teamId) ?? [];
  return { user, teams: teams.map((t) => ({ teamId: t.teamId, name: t.name, organisationId: t.organisationId, isTeamAdmin: t.isTeamAdmin })) };
}

/**
 * getCurrentUser, plus the user's enabled teams with their names from the same statement, so a
 * signed-in page does not ask for the team list again (issue 16: one query less per /app page).
 */
async function getCurrentUserAndTeams(
  db: Db,
  userId: number,
  teamJourneys?: (teamIds: number[]) => Promise<Map<number, { journeyId: number }[]>>,
): Promise<{ user: CurrentUser; teams: UserTeam[] } | undefined> {
  const u = await db.selectFrom('users').leftJoin('organisations', 'organisations.id', 'users.organisation_id').select(currentUserSelection).where('users.id', '=', userId).executeTakeFirst();
  if (!u) return undefined;
  const found = toCurrentUser(u, null);
  if (teamJourneys && u.teams.length && canSeeJourneys(found.user)) return toCurrentUser(u, await teamJourneys(u.teams.map((t) => t.teamId)));
  return found;
}

/** A locked user, or one whose organisation's licence has expired, may not use the app. */
export function isAccessBlocked(user: Pick<CurrentUser, 'isLocked' | 'isLedaAdmin' | 'userPermissions'>, at = new Date()) {
  if (user.isLocked) return true;
  if (user.isLedaAdmin) return false;
  const expiry = user.userPermissions.licenseExpiredAt;
  return expiry !== null && new Date(expiry).getTime() < at.getTime();
}

/**
 * Where "/app" leads: stories for student licences, the learner home for everyone else (the spec said
 * the team list; decision 272 makes the learner home the landing page, the team list stays at /app/team).
 */
export function appHomePath(user: Pick<CurrentUser, 'userPermissions'>) {
  return user.userPermissions.licenseType === LicenseType.Student ? '/app/explore/story' : '/app/home';
}
