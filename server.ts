import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import compression from 'compression';
import * as build from '@remix-run/dev/server-build';
import type { ServerBuild } from '@remix-run/node';
import { init, shutdown, logger, dbKind, getDb, onQuery, startSchedules, usableRedis } from '@modules/shared/index.server';
import { fillDefaultPresetIfEmpty, seedDemoIfEmpty } from '@modules/admin/index.server';
import { registerAllJobs } from './jobs/registry';
import { registerAllListeners } from '@modules/listeners.server';
import { createRequestHandler } from './app/utils/remix-express.server';
import { openRequestStore, REQUEST_STORE_HEADER, type RequestStore } from './app/utils/request-context.server';
import { connectionCloseWhile, gracefulClose } from './app/utils/graceful-close.server';
import { refuseMalformedUrl } from './app/utils/malformed-url.server';
import { BASE_HEADERS, contentSecurityPolicy, HOST_MISMATCH_MESSAGE, isCrossSiteWrite, needsNoStore, newNonce, remixWouldRefuseOrigin } from './app/utils/security.server';

/**
 * The web process: one Express server in front of Remix. It migrates (and, embedded, seeds)
 * on start, adds the security headers, refuses cross-site writes, and closes the database on
 * SIGTERM (PGlite would otherwise keep the process alive).
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

const app = express();
app.disable('x-powered-by');
// Only the proxies TRUST_PROXY names may set the client address (default none: the socket's address).
app.set('trust proxy', env.TRUST_PROXY);
app.use(compression());
// While shutting down, answers ask keep-alive clients to reconnect (to the next process).
let stopping = false;
app.use(connectionCloseWhile(() => stopping));

const ownOrigins = [new URL(env.PUBLIC_URL).origin];
const MAX_REQUEST_BYTES = 20 * 1024 * 1024;

app.use((req, res, next) => {
  for (const [k, v] of Object.entries(BASE_HEADERS)) res.setHeader(k, v);
  if (env.APP_ENV !== 'development') res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  const requestOrigin = `${req.protocol}://${req.get('host')}`;
  if (
    isCrossSiteWrite({
      method: req.method,
      origin: req.get('origin'),
      secFetchSite: req.get('sec-fetch-site'),
      ownOrigins: [...ownOrigins, requestOrigin],
    })
  ) {
    res.status(403).type('application/json').send(JSON.stringify({ errorMsg: 'Cross-site request refused.' }));
    return;
  }
  // Our own origin, but a Host (or X-Forwarded-Host) that differs: Remix would answer an empty 500.
  const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
  if (remixWouldRefuseOrigin({ method: req.method, path: req.path, search, origin: req.get('origin'), host: req.get('host'), forwardedHost: req.get('x-forwarded-host') })) {
    logger().warn({ origin: req.get('origin'), host: req.get('host'), forwardedHost: req.get('x-forwarded-host') }, 'write refused: Origin does not match Host');
    res.status(403).type('text/plain').send(HOST_MISMATCH_MESSAGE);
    return;
  }
  // Remix reads a form body whole: a declared body beyond any form or upload we accept is refused up front.
  if (Number(req.get('content-length') ?? 0) > MAX_REQUEST_BYTES) {
    res.status(413).type('application/json').send(JSON.stringify({ errorMsg: 'The request is too large.' }));
    return;
  }
  next();
});

// A path or query that cannot be percent-decoded is a 400 here, not a 500 from the router (decision 249).
app.use(refuseMalformedUrl);

app.use('/build', express.static(path.resolve('public/build'), { immutable: true, maxAge: '1y' }));
// The other public files (favicon, media) by their top-level names: a page request does not look on disk first.
const publicDir = path.resolve('public');
const publicEntries = new Set(fs.existsSync(publicDir) ? fs.readdirSync(publicDir).filter((name) => name !== 'build') : []);
const servePublic = express.static(publicDir, { maxAge: '1h' });
app.use((req, res, next) => (publicEntries.has(req.path.split('/', 2)[1] ?? '') ? servePublic(req, res, next) : next()));

const remixHandler = createRequestHandler({
  build: build as unknown as ServerBuild,
  mode: process.env.NODE_ENV === 'production' ? 'production' : env.APP_ENV === 'development' ? 'development' : 'production',
  getLoadContext: (_req, res) => res.locals.store as RequestStore & Record<string, unknown>,
});

app.all('*', (req, res, next) => {
  const store: RequestStore = { clientIp: req.ip ?? '127.0.0.1', cspNonce: newNonce(), setCookies: [], memo: new Map() };
  res.locals.store = store;
  // Loaders find the store by this header (app/utils/request-context.server.ts); a client's value is replaced.
  const { id, release } = openRequestStore(store);
  req.headers[REQUEST_STORE_HEADER] = id;
  res.once('close', release);
  const queriesAtStart = queriesSoFar;
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(store.cspNonce));
  const writeHead = res.writeHead.bind(res);
  res.writeHead = ((...args: Parameters<typeof res.writeHead>) => {
    if (store.setCookies.length) res.appendHeader('Set-Cookie', store.setCookies);
    if (countQueries) res.setHeader('X-Leda-Queries', String(queriesSoFar - queriesAtStart));
    const current = res.getHeader('cache-control');
    const setsCookie = Boolean(res.getHeader('set-cookie'));
    if (needsNoStore({ path: req.path, cookieHeader: req.get('cookie'), hasToken: Boolean(req.get('x-access-token')), setsCookie, current })) {
      res.setHeader('Cache-Control', 'no-store');
    }
    return writeHead(...args);
  }) as typeof res.writeHead;
  remixHandler(req, res, next).catch(next);
});

app.use(((err, _req, res, _next) => {
  logger().error({ err }, 'unhandled request error');
  if (!res.headersSent) res.status(500).type('text/plain').send("We're sorry, something went wrong. Please wait a moment and try again.");
}) as express.ErrorRequestHandler);

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
