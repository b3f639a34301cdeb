import path from 'node:path';
import express from 'express';
import compression from 'compression';
import { createRequestHandler } from '@remix-run/express';
import * as build from '@remix-run/dev/server-build';
import type { ServerBuild } from '@remix-run/node';
import { init, shutdown, logger, dbKind, getDb, startSchedules } from '@modules/shared/index.server';
import { seedDemoIfEmpty } from '@modules/admin/index.server';
import { registerAllJobs } from './jobs/registry';
import { requestContext, type RequestStore } from './app/utils/request-context.server';
import { BASE_HEADERS, contentSecurityPolicy, isCrossSiteWrite, newNonce } from './app/utils/security.server';

/**
 * The web process: one Express server in front of Remix. It migrates (and, embedded, seeds)
 * on start, adds the security headers, refuses cross-site writes, and closes the database on
 * SIGTERM (PGlite would otherwise keep the process alive).
 */
const env = await init();
registerAllJobs();
if (dbKind() === 'pglite' && env.APP_ENV !== 'production') await seedDemoIfEmpty(getDb());
if (!env.REDIS_URL) await startSchedules();

const app = express();
app.disable('x-powered-by');
app.set('trust proxy', env.APP_ENV === 'development' ? 'loopback' : 1);
app.use(compression());

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
  // Remix reads a form body whole: a declared body beyond any form or upload we accept is refused up front.
  if (Number(req.get('content-length') ?? 0) > MAX_REQUEST_BYTES) {
    res.status(413).type('application/json').send(JSON.stringify({ errorMsg: 'The request is too large.' }));
    return;
  }
  next();
});

app.use('/build', express.static(path.resolve('public/build'), { immutable: true, maxAge: '1y' }));
app.use(express.static(path.resolve('public'), { maxAge: '1h' }));

const remixHandler = createRequestHandler({
  build: build as unknown as ServerBuild,
  mode: process.env.NODE_ENV === 'production' ? 'production' : env.APP_ENV === 'development' ? 'development' : 'production',
  getLoadContext: (_req, res) => res.locals.store as RequestStore & Record<string, unknown>,
});

app.all('*', (req, res, next) => {
  const store: RequestStore = { clientIp: req.ip ?? '127.0.0.1', cspNonce: newNonce(), setCookies: [], memo: new Map() };
  res.locals.store = store;
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(store.cspNonce));
  const writeHead = res.writeHead.bind(res);
  res.writeHead = ((...args: Parameters<typeof res.writeHead>) => {
    if (store.setCookies.length) res.appendHeader('Set-Cookie', store.setCookies);
    return writeHead(...args);
  }) as typeof res.writeHead;
  requestContext.run(store, () => {
    remixHandler(req, res, next).catch(next);
  });
});

app.use(((err, _req, res, _next) => {
  logger().error({ err }, 'unhandled request error');
  if (!res.headersSent) res.status(500).type('text/plain').send("We're sorry, something went wrong. Please wait a moment and try again.");
}) as express.ErrorRequestHandler);

const server = app.listen(env.PORT, env.HOST, () => {
  logger().info(`Leda listening on http://${env.HOST}:${env.PORT} (database: ${dbKind()}, jobs: ${env.REDIS_URL ? 'BullMQ' : 'in-process'})`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger().info({ signal }, 'shutting down');
  server.close();
  server.closeAllConnections?.();
  await shutdown();
  process.exit(0);
}
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
