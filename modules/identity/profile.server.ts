import { sql } from 'kysely';
import { DomainError, type Db } from '@modules/shared/index.server';
import { rateLimiter, tryConsume } from '@modules/shared/rate-limit.server';
import { verifyPassword } from './passwords.server';
import { setUserPassword } from './auth.server';
import { canViewProfile, type PolicyUser } from './policy.server';
import type { ProfileDetails } from './profile-schemas';

/**
 * Profiles (learner-app s.2, s.3 "User profile", s.5): reading a profile the viewer may see, saving
 * one's own details and changing one's own password. Every write takes the user from the session,
 * never from the request, so one user can never change another's profile.
 */
export const USER_NOT_FOUND = 'User not found.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';
export const PASSWORD_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';
export const NOT_YOUR_PROFILE = 'You can only change your own details.';
/** The spec's one name combination that earns a joke instead of a save (decision 195). */
export const JOKE_NAME_MESSAGE = 'Leda and the Swan? A fine poem, but we need your real name.';
/** Password-change attempts allowed per user in 15 minutes. */
export const PASSWORD_CHECKS_PER_WINDOW = 10;

/** User profile, as learner-app s.3 names its fields. */
export interface UserProfile {
  userId: number;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  phone: string | null;
  jobTitle: string | null;
  bio: string | null;
  profilePhotoBlobId: string | null;
  /** Only for the profile's owner (null for anyone else). */
  passwordUpdatedAt: string | null;
  isLedaAdmin: boolean;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * The profile if the viewer may see it (canViewProfile): one query, the user with their
 * organisation and enabled teams. Unknown and invisible users alike throw 'User not found.' (404),
 * so a stranger cannot tell whether an id exists.
 */
export async function getUserProfile(db: Db, viewer: PolicyUser, userId: number): Promise<UserProfile> {
  const u = await db
    .selectFrom('users')
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
      'users.organisation_id',
    ])
    .select(
      sql<number[]>`coalesce((select array_agg(tu.team_id) from team_users tu join teams t on t.id = tu.team_id where tu.user_id = users.id and t.is_disabled = false), '{}')`.as(
        'team_ids',
      ),
    )
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!u || !canViewProfile(viewer, { userId: u.id, organisationId: u.organisation_id, teamIds: u.team_ids.map(Number) })) {
    throw new DomainError('not_found', USER_NOT_FOUND);
  }
  const isOwner = u.id === viewer.userId;
  return {
    userId: u.id,
    firstName: u.first_name,
    lastName: u.last_name,
    fullName: `${u.first_name} ${u.last_name}`.trim(),
    email: u.email,
    phone: u.phone,
    jobTitle: u.job_title,
    bio: u.bio,
    profilePhotoBlobId: u.profile_photo_blob_id,
    passwordUpdatedAt: isOwner ? iso(u.password_updated_at) : null,
    isLedaAdmin: u.is_leda_admin,
  };
}

/** The one joke (learner-app s.5: "one specific first and last name combination"). */
export const isJokeName = (d: Pick<ProfileDetails, 'firstName' | 'lastName'>) => d.firstName.toLowerCase() === 'leda' && d.lastName.toLowerCase() === 'swan';

/**
 * Saves the signed-in user's own details (first and last name, job title, phone, bio; already
 * validated by profileDetailsSchema). `requestedUserId`, when an /api caller sends one, must be the
 * user's own: anything else is refused (403) and nothing changes.
 */
export async function saveUserDetails(db: Db, user: PolicyUser, details: ProfileDetails, requestedUserId?: number) {
  if (requestedUserId !== undefined && requestedUserId !== user.userId) throw new DomainError('forbidden', NOT_YOUR_PROFILE);
  if (isJokeName(details)) throw new DomainError('invalid', JOKE_NAME_MESSAGE);
  await db
    .updateTable('users')
    .set({ first_name: details.firstName, last_name: details.lastName, job_title: details.jobTitle, phone: details.phone, bio: details.bio })
    .where('id', '=', user.userId)
    .execute();
}

/**
 * Changes the signed-in user's password: the current one must be right (wrong answers are counted,
 * ten per 15 minutes), a common new one is refused (setUserPassword), and every OTHER session of the
 * user ends; the session that made the change stays signed in.
 */
export async function changePassword(db: Db, input: { userId: number; sessionId: string; currentPassword: string; newPassword: string }) {
  // Every attempt counts (like sign-in), so a stolen session cannot guess the current password.
  if (!(await tryConsume(rateLimiter('password-change', PASSWORD_CHECKS_PER_WINDOW, 15 * 60), [`user:${input.userId}`]))) {
    throw new DomainError('rate_limited', PASSWORD_ATTEMPTS_MESSAGE);
  }
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', input.userId).executeTakeFirst();
  if (!(await verifyPassword(row?.password_hash ?? null, input.currentPassword))) throw new DomainError('invalid', WRONG_CURRENT_PASSWORD);
  await setUserPassword(db, input.userId, input.newPassword);
  await db.deleteFrom('sessions').where('user_id', '=', input.userId).where('id', '!=', input.sessionId).execute();
}
