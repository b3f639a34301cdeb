import { randomUUID } from 'node:crypto';
import type { Db } from '@modules/shared/db/database';
import { DomainError } from '@modules/shared/errors';
import { sendEmail } from '@modules/shared/mail.server';
import { rateLimiter, tryConsume } from '@modules/shared/rate-limit.server';
import { hashPassword, verifyPassword } from './passwords.server';
import { consumeOneTimeToken, peekOneTimeToken, spendAllTokens } from './tokens.server';
import { assertUncommonPassword } from './common-passwords.server';
import { endAllSessions, endSession, startSession } from './sessions.server';
import { appHomePath, getCurrentUser, isAccessBlocked } from './permissions.server';
import { passwordResetEmail, verifyAccountEmail, welcomeEmail } from './emails.server';
import type { OneTimeTokenPurpose } from './tables';
import { passwordSignInRefusal } from './sso-settings.server';

export const LOGIN_FAILED_MESSAGE = 'Incorrect email or password.';
export const LOGIN_RATE_LIMITED_MESSAGE = 'Too many sign-in attempts. Please wait a minute and try again.';
export const LINK_EXPIRED_MESSAGE = 'This link has expired or has already been used. Please ask for a new one.';
export const FORGOT_PASSWORD_DONE = 'Please check your email for further instructions.';

/** 10 attempts a minute for one email, and 10 for one client IP; the 11th is refused. */
export const LOGIN_ATTEMPTS_PER_MINUTE = 10;

export type LoginResult =
  | { status: 'ok'; userId: number; sessionId: string; setCookie: string; homePath: string }
  | { status: 'invalid'; message: string }
  | { status: 'locked' }
  | { status: 'rate_limited'; message: string };

const findUserByEmail = (db: Db, email: string) =>
  db
    .selectFrom('users')
    .select(['id', 'first_name', 'password_hash', 'is_locked', 'organisation_id', 'is_leda_admin'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();

export async function login(
  db: Db,
  input: { email: string; password: string; clientIp: string },
): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  const allowed = await tryConsume(rateLimiter('login', LOGIN_ATTEMPTS_PER_MINUTE, 60), [`email:${email}`, `ip:${input.clientIp}`]);
  if (!allowed) return { status: 'rate_limited', message: LOGIN_RATE_LIMITED_MESSAGE };
  const user = await findUserByEmail(db, email);
  // SSO required (issue 26 s.1): the answer says where to sign in, whatever the password.
  const refusal = await passwordSignInRefusal(db, { email, organisationId: user?.organisation_id ?? null, isLedaAdmin: user?.is_leda_admin ?? false });
  if (refusal) return { status: 'invalid', message: refusal };
  const ok = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !ok) return { status: 'invalid', message: LOGIN_FAILED_MESSAGE };
  const current = await getCurrentUser(db, user.id);
  if (!current || isAccessBlocked(current)) return { status: 'locked' };
  await db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', user.id).execute();
  const session = await startSession(user.id);
  return { status: 'ok', userId: user.id, homePath: appHomePath(current), ...session };
}

/**
 * Same answer and the same work whether or not the email has an account (issue 7, item 6): after
 * the per-email limit, one communication is recorded and one send-email job enqueued for any
 * address, without looking the user up. Delivery looks the account up when it mints the link, and
 * cancels the email for an address without a usable account.
 */
export async function requestPasswordReset(db: Db, input: { email: string; clientIp: string }) {
  const email = input.email.trim().toLowerCase();
  // Quietly cap reset emails (a mailbox cannot be flooded, one client cannot spray addresses); the
  // answer does not change.
  const allowed =
    (await tryConsume(rateLimiter('password-forgot', 5, 3600), [`email:${email}`])) &&
    (await tryConsume(rateLimiter('password-forgot-ip', 30, 3600), [`ip:${input.clientIp}`]));
  if (!allowed) return;
  await sendEmail(db, { to: email, ...passwordResetEmail(), kind: 'password-reset', key: `password-reset:${randomUUID()}` });
}

/** Whether a reset/create link can still be used (the page shows the form or the expired message). */
export async function isPasswordTokenUsable(db: Db, token: string, purpose: 'password-reset' | 'password-create') {
  return (await peekOneTimeToken(db, token, purpose)) !== undefined;
}

/**
 * Every path that sets a password goes through here: a common password is refused (DomainError
 * 'invalid' with COMMON_PASSWORD_MESSAGE), the argon2id hash is stored, and every outstanding
 * one-time token of the user is used up (issue 7, items 3 and 4). Sessions are the caller's call.
 */
export async function setUserPassword(db: Db, userId: number, password: string, opts: { markVerified?: boolean } = {}) {
  assertUncommonPassword(password);
  const hash = await hashPassword(password);
  await db
    .updateTable('users')
    .set({ password_hash: hash, password_updated_at: new Date(), ...(opts.markVerified ? { is_verified: true } : {}) })
    .where('id', '=', userId)
    .execute();
  await spendAllTokens(db, userId);
}

/**
 * Sets a new password from an emailed link: uses the token up (and every other link of the user),
 * ends every other session, marks the account verified and starts a new session. Throws 'gone' for
 * a used or expired link, 'invalid' for a common password (checked before the link is used up).
 */
export async function setPasswordWithToken(
  db: Db,
  input: { token: string; password: string; purpose: Extract<OneTimeTokenPurpose, 'password-reset' | 'password-create'> },
) {
  assertUncommonPassword(input.password);
  let userId = await consumeOneTimeToken(db, input.token, input.purpose);
  // The /api reset path does not say which kind of link it came from.
  if (userId === undefined && input.purpose === 'password-reset') {
    userId = await consumeOneTimeToken(db, input.token, 'password-create');
  }
  if (userId === undefined) throw new DomainError('gone', LINK_EXPIRED_MESSAGE);
  await setUserPassword(db, userId, input.password, { markVerified: true });
  await endAllSessions(userId);
  const current = await getCurrentUser(db, userId);
  if (!current || isAccessBlocked(current)) return { status: 'locked' as const, userId };
  await db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', userId).execute();
  return { status: 'ok' as const, userId, homePath: appHomePath(current), ...(await startSession(userId)) };
}

export async function verifyAccount(db: Db, token: string) {
  const userId = await consumeOneTimeToken(db, token, 'verify-account');
  if (userId === undefined) throw new DomainError('gone', 'Sorry, something went wrong.');
  await db.updateTable('users').set({ is_verified: true }).where('id', '=', userId).execute();
  const current = await getCurrentUser(db, userId);
  if (!current || isAccessBlocked(current)) return { status: 'locked' as const, userId };
  return { status: 'ok' as const, userId, homePath: appHomePath(current), ...(await startSession(userId)) };
}

export async function sendVerifyAccountEmail(db: Db, userId: number) {
  const user = await db.selectFrom('users').select(['email', 'first_name']).where('id', '=', userId).executeTakeFirstOrThrow();
  await sendEmail(db, { to: user.email, ...verifyAccountEmail(user.first_name), kind: 'verify-account', key: `verify-account:${userId}:${Date.now()}` });
}

/**
 * One welcome email for one user in a batch: a fresh password-create link. Idempotent per
 * (batch, user): a retried batch finds the communication already recorded and does nothing.
 */
export async function sendWelcomeEmail(db: Db, input: { userId: number; batchKey: string }) {
  const key = `welcome:${input.batchKey}:${input.userId}`;
  const existing = await db.selectFrom('communications').select('id').where('message_key', '=', key).executeTakeFirst();
  if (existing) return { communicationId: existing.id, created: false };
  const user = await db
    .selectFrom('users')
    .leftJoin('organisations', 'organisations.id', 'users.organisation_id')
    .select(['users.id', 'users.email', 'users.first_name', 'organisations.name as organisation_name'])
    .where('users.id', '=', input.userId)
    .executeTakeFirst();
  if (!user) return { communicationId: null, created: false };
  const mail = welcomeEmail(user.first_name, user.organisation_name ?? null);
  const sent = await sendEmail(db, { to: user.email, ...mail, kind: 'welcome', key });
  return { communicationId: sent.communicationId, created: true };
}

export async function logout(sessionId: string) {
  await endSession(sessionId);
}
