import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { sql } from 'kysely';
import { getRedis, usableRedis, withRedisDeadline } from './redis.server';
import { loadEnv } from './env.server';
import { getDb } from './db/db.server';

/**
 * Fixed-window rate limits whose counts every app process shares: in Redis
 * (rate-limiter-flexible) when REDIS_URL is set, otherwise in the database (one upsert per
 * check, table rate_limits). Nothing is kept in process memory. While Redis is down the Redis
 * limiter falls back to the database limiter at once (the web connection fails fast), so a
 * login still answers within a second and is still limited.
 */
export interface Limiter {
  /** Counts one attempt for the key; false when the key is over its limit in this window. */
  consume(key: string): Promise<boolean>;
}

class RedisLimiter implements Limiter {
  private inner: RateLimiterRedis;
  private fallback: DbLimiter;
  constructor(name: string, points: number, durationSeconds: number) {
    this.fallback = new DbLimiter(name, points, durationSeconds);
    this.inner = new RateLimiterRedis({
      storeClient: getRedis(),
      keyPrefix: `${loadEnv().REDIS_PREFIX}:rl:${name}`,
      points,
      duration: durationSeconds,
      useRedisPackage: false,
    });
  }
  async consume(key: string) {
    if (!(await usableRedis())) return this.fallback.consume(key);
    try {
      await withRedisDeadline(this.inner.consume(key));
      return true;
    } catch (e) {
      if (e instanceof RateLimiterRes) return false;
      // Redis failed mid-request: count this attempt in the database instead.
      return this.fallback.consume(key);
    }
  }
}

class DbLimiter implements Limiter {
  constructor(
    private name: string,
    private points: number,
    private durationSeconds: number,
  ) {}
  async consume(key: string) {
    const row = await sql<{ points: number }>`
      insert into rate_limits (key, points, expires_at)
      values (${`${this.name}:${key}`}, 1, now() + make_interval(secs => ${this.durationSeconds}))
      on conflict (key) do update set
        points = case when rate_limits.expires_at <= now() then 1 else rate_limits.points + 1 end,
        expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end
      returning points::int as points`.execute(getDb());
    return (row.rows[0]?.points ?? 0) <= this.points;
  }
}

const limiters = new Map<string, Limiter>();

export function rateLimiter(name: string, points: number, durationSeconds: number): Limiter {
  const id = `${name}:${points}:${durationSeconds}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = getRedis() ? new RedisLimiter(name, points, durationSeconds) : new DbLimiter(name, points, durationSeconds);
    limiters.set(id, limiter);
  }
  return limiter;
}

/** Consumes one point for each key; false when any of them is over its limit. */
export async function tryConsume(limiter: Limiter, keys: string[]): Promise<boolean> {
  for (const k of keys) if (!(await limiter.consume(k))) return false;
  return true;
}

/** Forgets the limiter objects (as a second app process would start); the counts stay in the store. */
export function resetRateLimiters() {
  limiters.clear();
}

/** Housekeeping: expired windows (called by a scheduled job). */
export async function pruneRateLimits() {
  await getDb().deleteFrom('rate_limits').where('expires_at', '<', new Date()).execute();
}
