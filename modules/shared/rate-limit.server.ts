import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { getRedis } from './redis.server';
import { loadEnv } from './env.server';

/**
 * Fixed-window limits from rate-limiter-flexible. With REDIS_URL the counts live in Redis,
 * so every app process shares them; the embedded mode runs one process, so memory is enough.
 */
const limiters = new Map<string, RateLimiterAbstract>();

export function rateLimiter(name: string, points: number, durationSeconds: number): RateLimiterAbstract {
  const key = `${name}:${points}:${durationSeconds}`;
  let limiter = limiters.get(key);
  if (!limiter) {
    const redis = getRedis();
    const keyPrefix = `${loadEnv().REDIS_PREFIX}:rl:${name}`;
    limiter = redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: durationSeconds, useRedisPackage: false })
      : new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds });
    limiters.set(key, limiter);
  }
  return limiter;
}

/** Consumes one point for each key; false when any of them is over its limit. */
export async function tryConsume(limiter: RateLimiterAbstract, keys: string[]): Promise<boolean> {
  for (const k of keys) {
    try {
      await limiter.consume(k);
    } catch (e) {
      if (e instanceof RateLimiterRes) return false;
      throw e;
    }
  }
  return true;
}

export function resetRateLimiters() {
  limiters.clear();
}
