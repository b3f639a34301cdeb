import type { Kysely } from 'kysely';
import type { Database } from '@modules/shared/db/database';
import { DomainError } from '@modules/shared/errors';
import { announce } from '@modules/shared/events.server';
import { hashPassword } from './passwords.server';
import { endAllSessions } from './sessions.server';

/** Organisations, teams, users and memberships: the writes other modules, the seed and tests use. */

export async function createOrganisation(
  db: Kysely<Database>,
  input: { name: string; licenseType?: number | null; licenseExpiredAt?: Date | null; licenseNotes?: string | null; isPrivateUsers?: boolean },
) {
  const row = await db
    .insertInto('organisations')
    .values({
      name: input.name,
      license_type: input.licenseType ?? null,
      license_expired_at: input.licenseExpiredAt ?? null,
      license_notes: input.licenseNotes ?? null,
      is_private_users: input.isPrivateUsers ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createTeam(db: Kysely<Database>, input: { organisationId: number; name: string; description?: string | null; isDisabled?: boolean }) {
  const row = await db
    .insertInto('teams')
    .values({ organisation_id: input.organisationId, name: input.name, description: input.description ?? null, is_disabled: input.isDisabled ?? false })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const EMAIL_IN_USE_MESSAGE = 'Email address already in use by another user.';

export async function createUser(
  db: Kysely<Database>,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    password?: string;
    /** A ready argon2id hash (seed and tests reuse one to save time). */
    passwordHash?: string;
    jobTitle?: string | null;
    phone?: string | null;
    organisationId?: number | null;
    isLedaAdmin?: boolean;
    isOrganisationAdmin?: boolean;
    isLocked?: boolean;
  },
) {
  const email = input.email.trim().toLowerCase();
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  if (existing) throw new DomainError('conflict', EMAIL_IN_USE_MESSAGE);
  const hash = input.passwordHash ?? (input.password ? await hashPassword(input.password) : null);
  const row = await db
    .insertInto('users')
    .values({
      email,
      first_name: input.firstName,
      last_name: input.lastName,
      job_title: input.jobTitle ?? null,
      phone: input.phone ?? null,
      password_hash: hash,
      password_updated_at: hash ? new Date() : null,
      is_verified: hash !== null,
      organisation_id: input.organisationId ?? null,
      is_leda_admin: input.isLedaAdmin ?? false,
      is_organisation_admin: input.isOrganisationAdmin ?? false,
      is_locked: input.isLocked ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Inside the caller's transaction the welcome commits with the account; outside one the account
  // stands even if a listener fails (decision 185).
  await announce(db, 'user.created', { userId: row.id, firstName: input.firstName, organisationId: input.organisationId ?? null }, { isolate: !db.isTransaction });
  return row.id;
}

export async function addTeamUser(db: Kysely<Database>, input: { teamId: number; userId: number; isTeamAdmin?: boolean }) {
  const row = await db
    .insertInto('team_users')
    .values({ team_id: input.teamId, user_id: input.userId, is_team_admin: input.isTeamAdmin ?? false })
    .onConflict((oc) => oc.columns(['team_id', 'user_id']).doUpdateSet({ is_team_admin: input.isTeamAdmin ?? false }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setUserLocked(db: Kysely<Database>, userId: number, isLocked: boolean) {
  await db.updateTable('users').set({ is_locked: isLocked }).where('id', '=', userId).execute();
  if (isLocked) await endAllSessions(userId);
}

/** The teams (enabled, with their organisation) a user belongs to, for the side navigation. */
export async function listUserTeams(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('team_users')
    .innerJoin('teams', 'teams.id', 'team_users.team_id')
    .select(['teams.id as teamId', 'teams.name', 'teams.organisation_id as organisationId', 'team_users.is_team_admin as isTeamAdmin'])
    .where('team_users.user_id', '=', userId)
    .where('teams.is_disabled', '=', false)
    .orderBy('teams.name')
    .execute();
}

/** The story a team features (admin-console s.3 Team.featuredStoryId), or null. */
export async function getTeamFeaturedStoryId(db: Kysely<Database>, teamId: number): Promise<number | null> {
  const row = await db.selectFrom('teams').select('featured_story_id').where('id', '=', teamId).executeTakeFirst();
  return row?.featured_story_id ?? null;
}

/** A team found by its own and its organisation's names (test hooks, scripts); undefined when missing. */
export async function findTeamByName(db: Kysely<Database>, input: { organisationName: string; teamName: string }) {
  return db
    .selectFrom('teams')
    .innerJoin('organisations', 'organisations.id', 'teams.organisation_id')
    .select(['teams.id as teamId', 'organisations.id as organisationId'])
    .where('organisations.name', '=', input.organisationName)
    .where('teams.name', '=', input.teamName)
    .orderBy('teams.id')
    .executeTakeFirst();
}
