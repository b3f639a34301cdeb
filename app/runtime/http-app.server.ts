import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import express from 'express';
import compression from 'compression';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import { logger, type loadEnv } from '@modules/shared/index.server';
import { readSessionCookie } from '@modules/identity/index.server';
import { pollNotModified } from '@modules/social/index.server';
import { createRequestHandler } from './remix-express.server';
import { registerApiRoutes } from '~/utils/openapi.server';
import { RequestContext } from './context.server';
import { connectionCloseWhile } from '~/runtime/graceful-close.server';
import { refuseMalformedUrl } from '~/runtime/malformed-url.server';
import { bodyLimitFor, declaredTooLarge, TOO_LARGE_MESSAGE } from '~/utils/body-limit.server';
import { BASE_HEADERS, contentSecurityPolicy, HOST_MISMATCH_MESSAGE, isCrossSiteWrite, needsNoStore, newNonce, remixWouldRefuseOrigin } from '~/runtime/security.server';

/**
 * The Express app in front of Remix, as server.ts serves it (and the body-limit test builds it):
 * security headers, cross-site write refusal, body limits (docs/decisions/238), static files, the
 * request's context (context.server.ts), one access log line per request with its id (docs/decisions/239), Remix.
 */
export interface HttpAppOptions {
  build: ServerBuild;
  env: Pick<ReturnType<typeof loadEnv>, 'APP_ENV' | 'PUBLIC_URL' | 'TRUST_PROXY'>;
  mode: string;
  /** True while shutting down: answers ask keep-alive clients to reconnect. */
  isStopping?: () => boolean;
  /** Development only: how many queries ran so far (X-Leda-Queries for `npm run bench`). */
  queryCount?: () => number;
}

/** Request ids: this process's random prefix and a counter (unique, and no entropy per request). */
const ID_PREFIX = randomBytes(4).toString('hex');
let requestSeq = 0;
export const REQUEST_ID_HEADER = 'X-Request-Id';

export function createHttpApp({ build, env, mode, isStopping = () => false, queryCount }: HttpAppOptions) {
  registerApiRoutes(build.routes);
  const app = express();
  app.disable('x-powered-by');
  // Only the proxies TRUST_PROXY names may set the client address (default none: the socket's address).
  app.set('trust proxy', env.TRUST_PROXY);

  // First: the request id and the access line, so even a refused request leaves one.
  app.use((req, res, next) => {
    const requestId = `${ID_PREFIX}-${(++requestSeq).toString(36)}`;
    const started = performance.now();
    res.locals.requestId = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.once('close', () => {
      const context = res.locals.context as RequestContext | undefined;
      logger().info(
        {
          reqId: requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
          userId: context?.userId ?? null,
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
    next();
  });
  app.use(compression());
  app.use(connectionCloseWhile(isStopping));

  const ownOrigins = [new URL(env.PUBLIC_URL).origin];
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
        path: req.path,
      })
    ) {
      res.status(403).type('application/json').send(JSON.stringify({ errorMsg: 'Cross-site request refused.' }));
      return;
    }
    // Our own origin, but a Host (or X-Forwarded-Host) that differs: Remix would answer an empty 500.
    const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    if (remixWouldRefuseOrigin({ method: req.method, path: req.path, search, origin: req.get('origin'), host: req.get('host'), forwardedHost: req.get('x-forwarded-host') })) {
      logger().warn({ reqId: res.locals.requestId, origin: req.get('origin'), host: req.get('host'), forwardedHost: req.get('x-forwarded-host') }, 'write refused: Origin does not match Host');
      res.status(403).type('text/plain').send(HOST_MISMATCH_MESSAGE);
      return;
    }
    // A declared body larger than this path could ever accept is refused before any of it is read;
    // a chunked (undeclared) one is counted as it streams (remix-express.server.ts).
    if (declaredTooLarge(req, req.path)) {
      res.setHeader('Connection', 'close');
      if (req.path.startsWith('/api/')) res.status(413).type('application/json').send(JSON.stringify({ errorMsg: TOO_LARGE_MESSAGE }));
      else res.status(413).type('text/plain').send(TOO_LARGE_MESSAGE);
      return;
    }
    next();
  });

  // A path or query that cannot be percent-decoded is a 400 here, not a 500 from the router (decision 249).
  app.use(refuseMalformedUrl);

  // The bell's poll, unchanged: 304 before Remix runs, without any SQL (GitLab's ETag polling; decision 259).
  app.get('/api/notification/poll', (req, res, next) => {
    const ifNoneMatch = req.get('if-none-match');
    if (!ifNoneMatch) return next();
    const credential = req.get('x-access-token') || readSessionCookie(req.get('cookie') ?? null);
    pollNotModified(credential, ifNoneMatch).then((unchanged) => {
      if (!unchanged) return next();
      res.setHeader('ETag', ifNoneMatch);
      res.setHeader('Cache-Control', 'private, no-cache');
      if (queryCount) res.setHeader('X-Leda-Queries', '0');
      res.status(304).end();
    }, next);
  });

  app.use('/build', express.static(path.resolve('public/build'), { immutable: true, maxAge: '1y' }));
  // The other public files (favicon, media) by their top-level names: a page request does not look on disk first.
  const publicDir = path.resolve('public');
  const publicEntries = new Set(fs.existsSync(publicDir) ? fs.readdirSync(publicDir).filter((name) => name !== 'build') : []);
  const servePublic = express.static(publicDir, { maxAge: '1h' });
  app.use((req, res, next) => (publicEntries.has(req.path.split('/', 2)[1] ?? '') ? servePublic(req, res, next) : next()));

  // Remix's documented seam: getLoadContext builds the request's one typed context
  // (app/runtime/context.server.ts), which every loader and action reads as `context`.
  const remixHandler = createRequestHandler({
    build,
    mode,
    getLoadContext: (req, res) => {
      const context = new RequestContext({
        method: req.method,
        accessToken: req.get('x-access-token') ?? null,
        cookieHeader: req.get('cookie') ?? null,
        clientIp: req.ip ?? '127.0.0.1',
        cspNonce: newNonce(),
        requestId: res.locals.requestId as string,
        bodyAllowance: { bytes: bodyLimitFor(req.path, req.get('content-type')) },
      });
      res.locals.context = context;
      res.setHeader('Content-Security-Policy', contentSecurityPolicy(context.cspNonce));
      return context as AppLoadContext;
    },
    // Before the answer's head is written: the cookies the guards queued, the bench's query count,
    // and no-store for anything signed in (security.server.ts).
    beforeHead: (req, res, context) => {
      if (context.setCookies.length) {
        const queued = cookiesNotSetBy(res.getHeader('set-cookie'), context.setCookies);
        if (queued.length) res.appendHeader('Set-Cookie', queued);
      }
      if (queryCount) res.setHeader('X-Leda-Queries', String(queryCount() - (res.locals.queriesAtStart as number)));
      const current = res.getHeader('cache-control');
      const setsCookie = Boolean(res.getHeader('set-cookie'));
      if (needsNoStore({ path: req.path, cookieHeader: req.get('cookie'), hasToken: Boolean(req.get('x-access-token')), setsCookie, current })) {
        res.setHeader('Cache-Control', 'no-store');
      }
    },
  });

  app.all('*', (req, res, next) => {
    res.locals.queriesAtStart = queryCount?.() ?? 0;
    remixHandler(req, res, next).catch(next);
  });

  app.use(((err, _req, res, _next) => {
    logger().error({ reqId: res.locals.requestId, err }, 'unhandled request error');
    if (!res.headersSent) res.status(500).setHeader('Cache-Control', 'no-store');
    if (!res.headersSent) res.status(500).type('text/plain').send("We're sorry, something went wrong. Please wait a moment and try again.");
  }) as express.ErrorRequestHandler);

  return app;
}

const cookieName = (setCookie: string) => setCookie.slice(0, setCookie.indexOf('=')).trim();

/**
 * The Set-Cookie lines the guards queued (a session that slid, a stale one cleared) that the answer
 * does not set itself: a login that replaces a stale cookie sends the new cookie once, not a
 * clearing line as well.
 */
export function cookiesNotSetBy(answer: ReturnType<express.Response['getHeader']>, queued: string[]): string[] {
  if (answer === undefined) return queued;
  const lines = Array.isArray(answer) ? answer : [String(answer)];
  const taken = new Set(lines.map(cookieName));
  return queued.filter((c) => !taken.has(cookieName(c)));
}
