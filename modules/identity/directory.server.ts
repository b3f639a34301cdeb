import { sql } from 'kysely';
import type { Db } from '@modules/shared/db/database';
import { DomainError } from '@modules/shared/errors';
import { announce } from '@modules/shared/events.server';
import { hashPassword } from './passwords.server';
import { endAllSessions } from './sessions.server';

/** Organisations, teams, users and memberships: the writes other modules, the seed and tests use. */

export async function createOrganisation(
  db: Db,
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

export async function createTeam(db: Db, input: { organisationId: number; name: string; description?: string | null; isDisabled?: boolean }) {
  const row = await db
    .insertInto('teams')
    .values({ organisation_id: input.organisationId, name: input.name, description: input.description ?? null, is_disabled: input.isDisabled ?? false })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const EMAIL_IN_USE_MESSAGE = 'Email address already in use by another user.';

export interface NewUser {
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
}

/**
 * The one insert into `users` (decision 320): accounts for a batch of people (the CSV import) in
 * statements of at most 1,000 rows; an email already taken (any case) is skipped, not an error.
 * Answers the accounts created. Announces nothing: the caller says 'user.created' when its own
 * work has committed (createUser below, the CSV import after its batch).
 */
export async function createUsers(db: Db, inputs: readonly NewUser[]): Promise<{ id: number; email: string; firstName: string }[]> {
  const created: { id: number; email: string; firstName: string }[] = [];
  for (let i = 0; i < inputs.length; i += 1000) {
    const values = await Promise.all(
      inputs.slice(i, i + 1000).map(async (input) => {
        const hash = input.passwordHash ?? (input.password ? await hashPassword(input.password) : null);
        return {
          email: input.email.trim().toLowerCase(),
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
        };
      }),
    );
    const rows = await db
      .insertInto('users')
      .values(values)
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .returning(['id', 'email', 'first_name'])
      .execute();
    for (const r of rows) created.push({ id: r.id, email: r.email, firstName: r.first_name });
  }
  return created;
}

/** One account (sign-up paths, the console, SCIM, the seed): refused when the email is taken; announces 'user.created'. */
export async function createUser(db: Db, input: NewUser) {
  const email = input.email.trim().toLowerCase();
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  if (existing) throw new DomainError('conflict', EMAIL_IN_USE_MESSAGE);
  const [row] = await createUsers(db, [{ ...input, email }]);
  // A sign-up between the check and the insert took the address.
  if (!row) throw new DomainError('conflict', EMAIL_IN_USE_MESSAGE);
  // Inside the caller's transaction the welcome commits with the account; outside one the account
  // stands even if a listener fails (decision 185).
  await announce(db, 'user.created', { userId: row.id, firstName: input.firstName, organisationId: input.organisationId ?? null }, { isolate: !db.isTransaction });
  return row.id;
}

export async function addTeamUser(db: Db, input: { teamId: number; userId: number; isTeamAdmin?: boolean }) {
  const [row] = await addTeamUsers(db, [input], { ifMember: 'update' });
  return row!.id;
}

export async function setUserLocked(db: Db, userId: number, isLocked: boolean) {
  await db.updateTable('users').set({ is_locked: isLocked }).where('id', '=', userId).execute();
  if (isLocked) await endAllSessions(userId);
}

/**
 * Memberships for many people at once, in statements of at most 1,000 rows. `ifMember`: 'keep'
 * leaves an existing membership (and its admin flag) as it is; 'update' sets the flag. Answers the
 * rows written (with 'keep', only the new ones).
 */
export async function addTeamUsers(
  db: Db,
  rows: readonly { teamId: number; userId: number; isTeamAdmin?: boolean }[],
  opts: { ifMember: 'keep' | 'update' } = { ifMember: 'keep' },
): Promise<{ id: number; teamId: number; userId: number }[]> {
  const written: { id: number; teamId: number; userId: number }[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const out = await db
      .insertInto('team_users')
      .values(rows.slice(i, i + 1000).map((r) => ({ team_id: r.teamId, user_id: r.userId, is_team_admin: r.isTeamAdmin ?? false })))
      .onConflict((oc) =>
        opts.ifMember === 'keep'
          ? oc.columns(['team_id', 'user_id']).doNothing()
          : oc.columns(['team_id', 'user_id']).doUpdateSet((eb) => ({ is_team_admin: eb.ref('excluded.is_team_admin') })),
      )
      .returning(['id', 'team_id', 'user_id'])
      .execute();
    for (const r of out) written.push({ id: r.id, teamId: r.team_id, userId: r.user_id });
  }
  return written;
}

/** Sets a membership's team admin flag. */
export async function setTeamUserAdmin(db: Db, teamUserId: number, isTeamAdmin: boolean) {
  await db.updateTable('team_users').set({ is_team_admin: isTeamAdmin }).where('id', '=', teamUserId).execute();
}

/** Removes memberships: one by its id, or some (or all) members of a team. Answers the user ids removed. */
export async function removeTeamUsers(db: Db, which: { teamUserId: number } | { teamId: number; userIds: readonly number[] }): Promise<number[]> {
  if ('teamUserId' in which) return (await db.deleteFrom('team_users').where('id', '=', which.teamUserId).returning('user_id').execute()).map((r) => r.user_id);
  if (!which.userIds.length) return [];
  const removed: number[] = [];
  for (let i = 0; i < which.userIds.length; i += 1000) {
    const rows = await db
      .deleteFrom('team_users')
      .where('team_id', '=', which.teamId)
      .where('user_id', 'in', which.userIds.slice(i, i + 1000))
      .returning('user_id')
      .execute();
    removed.push(...rows.map((r) => r.user_id));
  }
  return removed;
}

/** Changes a team's own fields (absent: unchanged). */
export async function updateTeam(db: Db, teamId: number, set: { name?: string; description?: string | null; isDisabled?: boolean; featuredStoryId?: number | null }) {
  const row = {
    ...(set.name !== undefined ? { name: set.name } : {}),
    ...(set.description !== undefined ? { description: set.description } : {}),
    ...(set.isDisabled !== undefined ? { is_disabled: set.isDisabled } : {}),
    ...(set.featuredStoryId !== undefined ? { featured_story_id: set.featuredStoryId } : {}),
  };
  if (Object.keys(row).length) await db.updateTable('teams').set(row).where('id', '=', teamId).execute();
}

/** Changes an organisation's own fields (absent: unchanged). */
export async function updateOrganisation(
  db: Db,
  organisationId: number,
  set: { name?: string; licenseType?: number | null; licenseExpiredAt?: Date | null; licenseNotes?: string | null; isPrivateUsers?: boolean },
) {
  const row = {
    ...(set.name !== undefined ? { name: set.name } : {}),
    ...(set.licenseType !== undefined ? { license_type: set.licenseType } : {}),
    ...(set.licenseExpiredAt !== undefined ? { license_expired_at: set.licenseExpiredAt } : {}),
    ...(set.licenseNotes !== undefined ? { license_notes: set.licenseNotes } : {}),
    ...(set.isPrivateUsers !== undefined ? { is_private_users: set.isPrivateUsers } : {}),
  };
  if (Object.keys(row).length) await db.updateTable('organisations').set(row).where('id', '=', organisationId).execute();
}

/**
 * Changes an account's fields as the console or SCIM edits them (absent: unchanged). Sessions are
 * the caller's to end (endAllSessions) after its transaction commits.
 */
export async function updateUser(
  db: Db,
  userId: number,
  set: {
    email?: string;
    firstName?: string;
    lastName?: string;
    jobTitle?: string | null;
    isVerified?: boolean;
    isLocked?: boolean;
    organisationId?: number | null;
    isOrganisationAdmin?: boolean;
    lastLoginAt?: Date;
  },
) {
  const row = {
    ...(set.email !== undefined ? { email: set.email } : {}),
    ...(set.firstName !== undefined ? { first_name: set.firstName } : {}),
    ...(set.lastName !== undefined ? { last_name: set.lastName } : {}),
    ...(set.jobTitle !== undefined ? { job_title: set.jobTitle } : {}),
    ...(set.isVerified !== undefined ? { is_verified: set.isVerified } : {}),
    ...(set.isLocked !== undefined ? { is_locked: set.isLocked } : {}),
    ...(set.organisationId !== undefined ? { organisation_id: set.organisationId } : {}),
    ...(set.isOrganisationAdmin !== undefined ? { is_organisation_admin: set.isOrganisationAdmin } : {}),
    ...(set.lastLoginAt !== undefined ? { last_login_at: set.lastLoginAt } : {}),
  };
  if (Object.keys(row).length) await db.updateTable('users').set(row).where('id', '=', userId).execute();
}

/** The teams (enabled, with their organisation) a user belongs to, for the side navigation. */
export async function listUserTeams(db: Db, userId: number) {
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
export async function getTeamFeaturedStoryId(db: Db, teamId: number): Promise<number | null> {
  const row = await db.selectFrom('teams').select('featured_story_id').where('id', '=', teamId).executeTakeFirst();
  return row?.featured_story_id ?? null;
}

/** A team found by its own and its organisation's names (test hooks, scripts); undefined when missing. */
export async function findTeamByName(db: Db, input: { organisationName: string; teamName: string }) {
  return db
    .selectFrom('teams')
    .innerJoin('organisations', 'organisations.id', 'teams.organisation_id')
    .select(['teams.id as teamId', 'organisations.id as organisationId'])
    .where('organisations.name', '=', input.organisationName)
    .where('teams.name', '=', input.teamName)
    .orderBy('teams.id')
    .executeTakeFirst();
}
