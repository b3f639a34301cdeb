import { Redis, type RedisOptions } from 'ioredis';
import { loadEnv } from './env.server';
import { logger } from './logger.server';

/**
 * Two kinds of Redis connection (docs/decisions/121-redis-connections.md):
 * - web (getRedis): fails fast. No offline queue, a short connect and command timeout, one retry:
 *   while Redis is down a login or a form post must answer within a second, falling back to the
 *   database (rate limits) or to the stored row (emails, delayed jobs) instead of waiting.
 * - worker (getWorkerRedis): blocking; BullMQ workers need maxRetriesPerRequest null and wait
 *   for Redis to come back rather than failing their jobs.
 */
const WEB_TIMEOUT_MS = 1000;
/** After a connection error, web callers skip Redis at once for this long instead of waiting. */
const OUTAGE_GRACE_MS = 5000;
/**
 * How long a web caller waits for the very first connection (no error seen yet). A refused
 * connection errors at once; this only matters on a machine so busy that the connection
 * handshake itself is slow, where giving up would send every first request to the fallback.
 */
const FIRST_CONNECT_WAIT_MS = 3000;

let web: Redis | undefined;
let worker: Redis | undefined;
let webUrl: string | undefined;
let lastErrorAt = 0;
let lastLoggedAt = 0;

const webOptions: RedisOptions = {
  enableOfflineQueue: false,
  connectTimeout: WEB_TIMEOUT_MS,
  commandTimeout: WEB_TIMEOUT_MS,
  maxRetriesPerRequest: 1,
  retryStrategy: (times) => Math.min(times * 200, 2000),
};

/** The web side's fail-fast connection, or undefined when REDIS_URL is not set (embedded mode). */
export function getRedis(): Redis | undefined {
  const env = loadEnv();
  if (!env.REDIS_URL) return undefined;
  if (web && webUrl !== env.REDIS_URL) void closeClient(web);
  if (!web || webUrl !== env.REDIS_URL) {
    webUrl = env.REDIS_URL;
    const client = new Redis(env.REDIS_URL, webOptions);
    client.on('error', (err) => {
      lastErrorAt = Date.now();
      // One line per outage window, not one per reconnect attempt.
      if (Date.now() - lastLoggedAt > 30_000) {
        lastLoggedAt = Date.now();
        logger().warn({ err: err.message }, 'redis unavailable: web requests fall back to the database');
      }
    });
    client.on('ready', () => (lastErrorAt = 0));
    web = client;
  }
  return web;
}

/**
 * The web connection when it can answer now: waits only while the first connection is being
 * made (it errors at once when refused), and answers undefined at once during an outage.
 */
export async function usableRedis(): Promise<Redis | undefined> {
  const client = getRedis();
  if (!client) return undefined;
  if (client.status === 'ready') return client;
  if (Date.now() - lastErrorAt < OUTAGE_GRACE_MS) return undefined;
  if (client.status === 'end') return undefined;
  const ready = await new Promise<boolean>((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('error', onError);
      resolve(ok);
    };
    const onReady = () => done(true);
    const onError = () => done(false);
    const timer = setTimeout(() => done(false), FIRST_CONNECT_WAIT_MS);
    client.once('ready', onReady);
    client.once('error', onError);
  });
  return ready ? client : undefined;
}

/** Runs a Redis operation from the web side with a deadline; rejects instead of waiting longer. */
export async function withRedisDeadline<T>(op: Promise<T>, ms = WEB_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([op, deadline]);
  } catch (err) {
    lastErrorAt = Date.now();
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** The worker's blocking connection (BullMQ Worker requires maxRetriesPerRequest: null). */
export function getWorkerRedis(): Redis | undefined {
  const env = loadEnv();
  if (!env.REDIS_URL) return undefined;
  worker ??= new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  return worker;
}

async function closeClient(c: Redis) {
  if (c.status === 'ready') await c.quit().catch(() => c.disconnect());
  else c.disconnect();
}

export async function closeRedis() {
  const clients = [web, worker];
  web = undefined;
  worker = undefined;
  webUrl = undefined;
  lastErrorAt = 0;
  for (const c of clients) if (c) await closeClient(c);
}
