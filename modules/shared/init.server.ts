import { loadEnv, type Env } from './env.server';
import { connectDb, closeDb } from './db/db.server';
import { migrateToLatestOrThrow } from './db/migrate.server';
import { closeQueue } from './queue.server';
import { closeRedis } from './redis.server';
import { logger } from './logger.server';
import { runShutdownResets } from './lifecycle.server';
import { resetEnvCache } from './env.server';
import { resetMailTransport } from './mail.server';
import { resetRateLimiters } from './rate-limit.server';

/**
 * The one start-up path for the web server, the worker and every script: parse the
 * environment, open the database and run pending migrations.
 */
export async function init(opts: { migrate?: boolean } = {}): Promise<Env> {
  const env = loadEnv();
  const db = await connectDb();
  if (opts.migrate !== false) {
    const applied = await migrateToLatestOrThrow(db as never);
    if (applied.length) logger().info({ applied }, 'migrations applied');
  }
  return env;
}

/**
 * Closes queues, Redis and the database (PGlite must be closed or the process hangs), then drops
 * every cache tied to them (modules/shared/lifecycle.server.ts).
 */
export async function shutdown() {
  await closeQueue().catch(() => undefined);
  await closeRedis().catch(() => undefined);
  await closeDb().catch(() => undefined);
  resetRateLimiters();
  resetMailTransport();
  runShutdownResets();
  resetEnvCache();
}
