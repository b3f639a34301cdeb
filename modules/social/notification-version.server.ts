import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { loadEnv } from '@modules/shared/env.server';
import { logger } from '@modules/shared/logger.server';
import { usableRedis, withRedisDeadline } from '@modules/shared/redis.server';
import { onShutdown } from '@modules/shared/lifecycle.server';

/**
 * The per-user notification version behind the cheap poll (issue 28 §3, decision 259; GitLab's
 * ETag polling): every write to a user's notifications (a delivery, seen, actioned, a deletion)
 * replaces the user's version with a new random token, in Redis when REDIS_URL is set (every web
 * node sees it), else in this process. The poll's ETag carries the version it was answered with;
 * a poll whose If-None-Match still names the current version is a 304 that ran no SQL at all.
 *
 * A missing version (Redis flushed, restarted, or this process new) never matches: the poll reads
 * the database and sets a fresh one. A bump that cannot reach Redis is logged; the ETag's own age
 * limit (ETAG_MAX_AGE_S) bounds how long such a missed bump can hide a change.
 */
const VERSION_TTL_S = 7 * 24 * 3600;
/** An ETag older than this is answered from the database again (the session is checked again too). */
export const ETAG_MAX_AGE_S = 300;
const LOCAL_CAP = 500_000;
const BUMP_BATCH = 1000;

const local = new Map<number, string>();
let localSecret: Buffer | undefined;
let sharedSecret: Promise<Buffer | undefined> | undefined;
// Versions and secrets belong to the database and Redis prefix they were made for (decision 321).
onShutdown(() => {
  local.clear();
  localSecret = undefined;
  sharedSecret = undefined;
});

// A version always starts with 'v'; 'x…' marks a one-off that no poll may match (Redis unavailable).
const token = () => `v${randomBytes(9).toString('base64url')}`;
const key = (userId: number) => `${loadEnv().REDIS_PREFIX}:nv:${userId}`;

/** The user's current version, or null when none is known (the poll then reads the database). */
export async function currentVersion(userId: number): Promise<string | null> {
  if (!loadEnv().REDIS_URL) return local.get(userId) ?? null;
  const redis = await usableRedis();
  if (!redis) return null;
  try {
    return await withRedisDeadline(redis.get(key(userId)));
  } catch {
    return null;
  }
}

/** The current version, made when missing; read it BEFORE reading the notifications it labels. */
export async function ensureVersion(userId: number): Promise<string> {
  if (!loadEnv().REDIS_URL) {
    let v = local.get(userId);
    if (!v) {
      if (local.size >= LOCAL_CAP) local.clear();
      v = token();
      local.set(userId, v);
    }
    return v;
  }
  const redis = await usableRedis();
  // No Redis: a one-off version that never matches, so the next poll reads the database again.
  if (!redis) return `x${token()}`;
  try {
    const fresh = token();
    const set = await withRedisDeadline(redis.set(key(userId), fresh, 'EX', VERSION_TTL_S, 'NX'));
    if (set === 'OK') return fresh;
    return (await withRedisDeadline(redis.get(key(userId)))) ?? `x${token()}`;
  } catch {
    return `x${token()}`;
  }
}

/** Every notification write calls this after it committed: the users' polls read the database once more. */
export async function bumpVersions(userIds: readonly number[]): Promise<void> {
  if (!userIds.length) return;
  if (!loadEnv().REDIS_URL) {
    for (const id of userIds) local.delete(id);
    return;
  }
  const redis = await usableRedis();
  if (!redis) {
    logger().warn({ users: userIds.length }, 'notification versions not bumped: Redis unavailable (ETags expire within 5 minutes)');
    return;
  }
  try {
    for (let i = 0; i < userIds.length; i += BUMP_BATCH) {
      const pipe = redis.pipeline();
      for (const id of userIds.slice(i, i + BUMP_BATCH)) pipe.set(key(id), token(), 'EX', VERSION_TTL_S);
      await withRedisDeadline(pipe.exec(), 5000);
    }
  } catch (err) {
    logger().warn({ users: userIds.length, err: err instanceof Error ? err.message : String(err) }, 'notification versions not bumped');
  }
}

/** The key that signs ETags: shared through Redis so any node can check another's ETag. */
async function secret(): Promise<Buffer | undefined> {
  if (!loadEnv().REDIS_URL) return (localSecret ??= randomBytes(32));
  sharedSecret ??= (async () => {
    const redis = await usableRedis();
    if (!redis) return undefined;
    const k = `${loadEnv().REDIS_PREFIX}:poll-etag-secret`;
    await withRedisDeadline(redis.set(k, randomBytes(32).toString('base64'), 'NX'));
    const v = await withRedisDeadline(redis.get(k));
    return v ? Buffer.from(v, 'base64') : undefined;
  })().catch(() => undefined);
  const s = await sharedSecret;
  if (!s) sharedSecret = undefined; // try again next time
  return s;
}

const mac = (s: Buffer, credential: string, userId: number, version: string, issued: string) =>
  createHmac('sha256', s).update(`${credential}\n${userId}\n${version}\n${issued}`).digest('base64url').slice(0, 22);

/**
 * The poll's ETag: user, version, when it was issued, and a MAC over those and the session
 * credential (cookie or access token) that asked, so an ETag is good only with that session.
 */
export async function pollEtag(credential: string, userId: number, version: string, now = Date.now()): Promise<string | null> {
  const s = await secret();
  if (!s || version.startsWith('x')) return null;
  const issued = Math.floor(now / 1000).toString(36);
  return `"n.${userId}.${version}.${issued}.${mac(s, credential, userId, version, issued)}"`;
}

const ETAG = /^(?:W\/)?"n\.(\d{1,10})\.([A-Za-z0-9_-]{1,20})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})"$/;

/**
 * True when `ifNoneMatch` is an ETag this credential was given, not older than ETAG_MAX_AGE_S,
 * whose version is still the user's: the poll may answer 304 without touching the database.
 */
export async function pollNotModified(credential: string | null, ifNoneMatch: string | null | undefined, now = Date.now()): Promise<boolean> {
  if (!credential || !ifNoneMatch) return false;
  const m = ETAG.exec(ifNoneMatch.trim());
  if (!m) return false;
  const [, uid, version, issued, given] = m as unknown as [string, string, string, string, string];
  const age = now / 1000 - parseInt(issued, 36);
  if (!(age >= -60 && age <= ETAG_MAX_AGE_S)) return false;
  const s = await secret();
  if (!s) return false;
  const userId = Number(uid);
  const expected = Buffer.from(mac(s, credential, userId, version, issued));
  if (!timingSafeEqual(expected, Buffer.from(given))) return false;
  return (await currentVersion(userId)) === version;
}

/** Tests: forget this process's versions and secret. */
export function resetNotificationVersions() {
  local.clear();
  localSecret = undefined;
  sharedSecret = undefined;
}
