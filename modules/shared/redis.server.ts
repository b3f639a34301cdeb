import { Redis } from 'ioredis';
import { loadEnv } from './env.server';

let client: Redis | undefined;

/** The shared ioredis connection, or undefined when REDIS_URL is not set (embedded mode). */
export function getRedis(): Redis | undefined {
  const env = loadEnv();
  if (!env.REDIS_URL) return undefined;
  // BullMQ requires maxRetriesPerRequest: null on connections it uses.
  client ??= new Redis(env.REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: false });
  return client;
}

export async function closeRedis() {
  const c = client;
  client = undefined;
  if (c) await c.quit().catch(() => c.disconnect());
}
