import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@modules/shared/db/database';
import type { OneTimeTokenPurpose } from './tables';
import { DAY, HOUR } from '@modules/shared/clock';

/** How long each kind of emailed link stays valid. */
export const TOKEN_TTL_MS: Record<OneTimeTokenPurpose, number> = {
  'password-reset': 2 * HOUR,
  'password-create': 14 * DAY,
  'verify-account': 7 * DAY,
};

/** The SHA-256 of a token: the only form in which any token is stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new secret for a link, a cookie or a feed: 256 random bits as base64url (43 characters), and its
 * hash to store. Every token Leda mints comes from here (issue 30).
 */
export function mintToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/** Whether a string can be a token at all: refused before any query when not. */
export const isTokenShaped = (token: string) => TOKEN_SHAPE.test(token);

/** 256 random bits, base64url; only the SHA-256 is stored. */
export async function createOneTimeToken(db: Db, userId: number, purpose: OneTimeTokenPurpose) {
  const { token, tokenHash } = mintToken();
  await db
    .insertInto('one_time_tokens')
    .values({
      token_hash: tokenHash,
      purpose,
      user_id: userId,
      expires_at: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
    })
    .execute();
  return token;
}

/** The user a live, unused token belongs to, without using it up (to decide what a page shows). */
export async function peekOneTimeToken(db: Db, token: string, purpose: OneTimeTokenPurpose) {
  if (!isTokenShaped(token)) return undefined;
  const row = await db
    .selectFrom('one_time_tokens')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.user_id;
}

/** Uses the token up atomically; undefined when it is unknown, used or expired. */
export async function consumeOneTimeToken(db: Db, token: string, purpose: OneTimeTokenPurpose) {
  if (!isTokenShaped(token)) return undefined;
  const row = await db
    .updateTable('one_time_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Uses up every outstanding one-time token of a user in one statement: once a password is set, no
 * older reset, create (or verify) link may be used to set it again.
 */
export async function spendAllTokens(db: Db, userId: number) {
  await db.updateTable('one_time_tokens').set({ used_at: new Date() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
