import * as build from '@remix-run/dev/server-build';
import type { ServerBuild } from '@remix-run/node';
import { init, shutdown, logger, dbKind, getDb, onQuery, startSchedules, usableRedis } from '@modules/shared/index.server';
import { fillDefaultPresetIfEmpty, seedDemoIfEmpty } from '@modules/admin/index.server';
import { registerAllJobs } from './jobs/registry';
import { registerAllListeners } from '@modules/listeners.server';
import { createHttpApp } from './app/runtime/http-app.server';
import { gracefulClose } from './app/runtime/graceful-close.server';

/**
 * The web process: one Express server in front of Remix (app/runtime/http-app.server.ts: security
 * headers, cross-site writes refused, body limits, the access log). It migrates (and, embedded,
 * seeds) on start, and closes the database on SIGTERM (PGlite would otherwise keep the process alive).
 */
const env = await init();
registerAllJobs();
registerAllListeners();
if (dbKind() === 'pglite' && env.APP_ENV !== 'production') await seedDemoIfEmpty(getDb());
// The default preset gets its content once the catalogue's journeys are there (decision 251).
await fillDefaultPresetIfEmpty(getDb());
if (!env.REDIS_URL) await startSchedules();
// With Redis: connect now, so the first request does not wait for the connection (docs/decisions/121).
else void usableRedis();

// `npm run bench` reads each answer's query count from X-Leda-Queries (development only): the
// queries run while the request was open, exact when requests do not overlap (the bench reads it
// from one request at a time).
const countQueries = env.APP_ENV === 'development';
let queriesSoFar = 0;
if (countQueries) onQuery(() => void queriesSoFar++);

// While shutting down, answers ask keep-alive clients to reconnect (to the next process).
let stopping = false;
const app = createHttpApp({
  build: build as unknown as ServerBuild,
  env,
  mode: process.env.NODE_ENV === 'production' ? 'production' : env.APP_ENV === 'development' ? 'development' : 'production',
  isStopping: () => stopping,
  queryCount: countQueries ? () => queriesSoFar : undefined,
});

const server = app.listen(env.PORT, env.HOST, () => {
  logger().info(`Leda listening on http://${env.HOST}:${env.PORT} (database: ${dbKind()}, jobs: ${env.REDIS_URL ? 'BullMQ' : 'in-process'})`);
});

/**
 * SIGTERM: stop accepting, let requests in flight finish for up to DRAIN_MS (their committed
 * writes reach the client), then cut what is left, and close jobs, Redis and the database.
 * In-process jobs still running get a bounded wait too; an email they did not send stays
 * queued and the sweep sends it after the restart (docs/decisions/122-graceful-shutdown.md).
 */
const DRAIN_MS = 10_000;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger().info({ signal, drainMs: DRAIN_MS }, 'shutting down: finishing requests in flight');
  const inTime = await gracefulClose(server, {
    drainMs: DRAIN_MS,
    onTimeout: (open) => logger().warn({ open }, 'requests still open after the drain window: closing them'),
  });
  const closed = await Promise.race([shutdown().then(() => true), new Promise<false>((r) => setTimeout(() => r(false), DRAIN_MS).unref())]);
  if (!closed) logger().warn('jobs, Redis or the database did not close in time');
  logger().info({ inTime }, 'stopped');
  process.exit(0);
}
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
