import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type * as RemixRouter from '@remix-run/router';
import type * as ReactRouterDomServer from 'react-router-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { differentialUrls, mixedRoutes, type Route } from '../support/router-cases';

/**
 * patches/@remix-run+router+*.patch (applied by `npm install` through postinstall: patch-package)
 * memoizes route matching: the flattened, ranked branches per route tree (indexed by their first
 * path segment) and the compiled path patterns (docs/decisions/140-route-matching.md). These tests
 * fail when an upgrade or a fresh install leaves the router unpatched, and compare its matches with
 * an unpatched copy made by reversing the patch.
 */
const require = createRequire(import.meta.url);
const routerCjs = require.resolve('@remix-run/router');
const routerDir = path.dirname(routerCjs);
const installed = (require('@remix-run/router/package.json') as { version: string }).version;
const router = require('@remix-run/router') as typeof RemixRouter;

const match = (routes: Route[], url: string) => router.matchRoutes(routes as RemixRouter.AgnosticRouteObject[], url);

/** The installed router with the patch's CommonJS part reversed, in a temporary file (as scripts/bench/route-matching.ts does). */
function unpatchedRouter(): { unpatched: typeof RemixRouter; source: string } {
  const whole = fs.readFileSync(path.resolve('patches', `@remix-run+router+${installed}.patch`), 'utf8');
  const part = whole.split(/^(?=diff --git )/m).find((p) => p.startsWith('diff --git a/node_modules/@remix-run/router/dist/router.cjs.js'));
  if (!part) throw new Error('The patch has no router.cjs.js part.');
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'leda-router-')), 'router.cjs.js');
  execFileSync('patch', ['-R', '-s', '-o', out, routerCjs], { input: part });
  return { unpatched: require(out) as typeof RemixRouter, source: fs.readFileSync(out, 'utf8') };
}

const described = (matches: RemixRouter.AgnosticRouteMatch[] | null) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

describe('the @remix-run/router patch', () => {
  it('matches the installed router version and is applied to the CommonJS and ESM builds', () => {
    const patches = fs.readdirSync(path.resolve('patches')).filter((f) => f.startsWith('@remix-run+router+'));
    expect(patches).toEqual([`@remix-run+router+${installed}.patch`]);
    for (const file of ['router.cjs.js', 'router.js']) {
      const source = fs.readFileSync(path.join(routerDir, file), 'utf8');
      expect(source, file).toContain('function getRankedBranches(routes)');
      expect(source, file).toContain('const compiledPathCache = new Map()');
      expect(source, file).toContain('function firstSegmentCandidates(ranked, decoded)');
      expect(source, file).toContain('const matchesCache = new WeakMap()');
    }
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.postinstall).toBe('patch-package');
  });

  it('gives each caller its own matches: changing one does not change the next answer', () => {
    const routes: Route[] = [{ id: 'root', path: '', children: [{ id: 'user', path: 'users/:userId', children: [{ id: 'edit', path: 'edit' }] }] }];
    const first = match(routes, '/users/7/edit')!;
    expect(first[0]!.params).toBe(first[2]!.params); // one params object per answer, as unpatched
    (first[2]!.params as Record<string, string>).userId = 'changed';
    first.pop();
    const again = match(routes, '/users/7/edit')!;
    expect(again.map((m) => m.route.id)).toEqual(['root', 'user', 'edit']);
    expect(again[2]!.params).toEqual({ userId: '7' });
    expect(again[0]!.params).toBe(again[2]!.params);
  });

  it('ranks a route tree once: a later in-place change is seen only after a route patch', () => {
    const child: Route = { id: 'team', path: 'team/:id' };
    const routes: Route[] = [{ id: 'root', path: '', children: [{ id: 'home', index: true }, child] }];
    expect(match(routes, '/team/7')?.map((m) => m.route.id)).toEqual(['root', 'team']);
    child.path = 'crew/:id'; // not seen: the ranked branches for this tree are cached
    expect(match(routes, '/crew/7')).toBeNull();
    expect(match(routes, '/team/7')?.at(-1)?.params).toEqual({ id: '7' });
    // A different tree (as after a rebuild) is ranked afresh.
    expect(match([...routes], '/crew/7')?.map((m) => m.route.id)).toEqual(['root', 'team']);
  });

  it('still ranks static segments over dynamic ones and index routes over layouts in a 400-route table', () => {
    const children: Route[] = [{ id: 'home', index: true }];
    for (let i = 0; i < 400; i++) children.push({ id: `r${i}`, path: i % 2 ? `section-${i}/:slug` : `section-${i}/fixed` });
    children.push({ id: 'dyn', path: ':section/fixed' }, { id: 'splat', path: '*' });
    const routes: Route[] = [{ id: 'root', path: '', children }];
    const ids = (url: string) => match(routes, url)?.map((m) => m.route.id);
    expect(ids('/')).toEqual(['root', 'home']);
    expect(ids('/section-10/fixed')).toEqual(['root', 'r10']);
    expect(ids('/section-11/anything')).toEqual(['root', 'r11']);
    expect(ids('/section-11/fixed')).toEqual(['root', 'r11']);
    expect(ids('/elsewhere/fixed')).toEqual(['root', 'dyn']);
    expect(ids('/no/such/page')).toEqual(['root', 'splat']);
    expect(router.matchPath('/a/:b', '/A/%7E')?.params).toEqual({ b: '%7E' });
    expect(router.matchPath({ path: '/a/:b', caseSensitive: true, end: true }, '/A/x')).toBeNull();
  });

  it('matches exactly as the unpatched router, across static, dynamic, splat, optional, index, pathless and case-sensitive routes', () => {
    const { unpatched, source } = unpatchedRouter();
    expect(source).not.toContain('LEDA-PATCH');
    vi.spyOn(console, 'warn').mockImplementation(() => {}); // '/%zz' cannot be decoded, and both routers say so
    try {
      const routes = mixedRoutes as RemixRouter.AgnosticRouteObject[];
      let matched = 0;
      for (const basename of [undefined, '/base', '/base/', '/BASE']) {
        const urls = basename ? [...differentialUrls.map((u) => `/base${u}`), ...differentialUrls.map((u) => `/Base${u}`), '/about', '/basement/x'] : differentialUrls;
        for (const url of urls) {
          const expected = described(unpatched.matchRoutes(routes, url, basename));
          // Twice: the first call builds the per-segment candidates, the second reads them.
          expect(described(router.matchRoutes(routes, url, basename)), `${url} (basename ${basename})`).toEqual(expected);
          expect(described(router.matchRoutes(routes, url, basename)), `${url} (basename ${basename}), again`).toEqual(expected);
          if (expected) matched++;
        }
      }
      expect(matched).toBeGreaterThan(200); // most URLs match something: the comparison is not of nulls
    } finally {
      vi.restoreAllMocks();
    }
  });
});

/**
 * patches/@remix-run+react+*.patch and patches/react-router-dom+*.patch: the server render builds
 * its route tree (RemixServer) and data routes (createStaticRouter) once per build instead of once
 * per request, so react-router's matchRoutes finds them in the ranked-branch cache above.
 */
describe('the server render patches', () => {
  const versionOf = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;
  const dirOf = (pkg: string) => path.dirname(require.resolve(`${pkg}/package.json`));

  it('match the installed versions and are applied to the CommonJS and ESM builds', () => {
    const patches = fs.readdirSync(path.resolve('patches'));
    for (const [pkg, files, marker] of [
      ['@remix-run/react', ['dist/server.js', 'dist/esm/server.js'], 'const serverRoutesCache = new WeakMap()'],
      ['react-router-dom', ['server.js', 'server.mjs'], 'const staticDataRoutesCache = new WeakMap()'],
    ] as const) {
      expect(patches.filter((f) => f.startsWith(`${pkg.replace('/', '+')}+`))).toEqual([`${pkg.replace('/', '+')}+${versionOf(pkg)}.patch`]);
      for (const file of files) expect(fs.readFileSync(path.join(dirOf(pkg), file), 'utf8'), `${pkg}/${file}`).toContain(marker);
    }
  });

  it('createStaticRouter reuses one set of data routes per route tree and still renders each request', async () => {
    const { createStaticHandler, createStaticRouter } = require('react-router-dom/server') as typeof ReactRouterDomServer;
    const routes = [{ id: 'root', path: '/', children: [{ id: 'home', index: true }, { id: 'team', path: 'team/:teamId' }] }];
    const handler = createStaticHandler(routes);
    const contextFor = async (url: string) => {
      const context = await handler.query(new Request(`http://localhost${url}`));
      if (context instanceof Response) throw new Error('unexpected redirect');
      return context;
    };
    const first = createStaticRouter(routes, await contextFor('/team/7'));
    const second = createStaticRouter(routes, await contextFor('/'));
    expect(second.routes).toBe(first.routes);
    expect(first.state.matches.map((m) => m.route.id)).toEqual(['root', 'team']);
    expect(first.state.matches.at(-1)?.params).toEqual({ teamId: '7' });
    expect(second.state.matches.map((m) => m.route.id)).toEqual(['root', 'home']);
    // A different tree (a rebuild) gets its own data routes.
    expect(createStaticRouter([...routes], await contextFor('/')).routes).not.toBe(first.routes);
  });
});

/**
 * patches/@remix-run+server-runtime+*.patch: a loader or action gets the request itself when its URL
 * has no param to strip (copying it made two Requests and two URL parses per loader), and the
 * document render's route-module map is made once per build.
 */
describe('the server runtime patch', () => {
  const runtimeDir = path.dirname(require.resolve('@remix-run/server-runtime/package.json'));
  const data = require(path.join(runtimeDir, 'dist/data.js')) as {
    callRouteLoader: (a: { loader: (args: { request: Request }) => unknown; request: Request; params: object; routeId: string; singleFetch: boolean; loadContext: unknown }) => Promise<unknown>;
  };
  const entry = require(path.join(runtimeDir, 'dist/entry.js')) as { createEntryRouteModules: (m: Record<string, { module: unknown }>) => unknown };

  it('matches the installed version and is applied to the CommonJS and ESM builds', () => {
    const version = (require('@remix-run/server-runtime/package.json') as { version: string }).version;
    expect(fs.readdirSync(path.resolve('patches')).filter((f) => f.startsWith('@remix-run+server-runtime+'))).toEqual([`@remix-run+server-runtime+${version}.patch`]);
    for (const file of ['dist/data.js', 'dist/esm/data.js']) expect(fs.readFileSync(path.join(runtimeDir, file), 'utf8'), file).toContain('function requestForRoute(request, singleFetch)');
    for (const file of ['dist/entry.js', 'dist/esm/entry.js']) expect(fs.readFileSync(path.join(runtimeDir, file), 'utf8'), file).toContain('const entryRouteModulesCache = new WeakMap()');
  });

  const seen = async (url: string, singleFetch = true) => {
    const request = new Request(url, { headers: { 'x-probe': '1' } });
    let got: Request | undefined;
    await data.callRouteLoader({ loader: ({ request: r }) => ((got = r), null), request, params: {}, routeId: 'probe', singleFetch, loadContext: {} });
    return { request, got: got! };
  };

  it('hands a loader the request itself when there is nothing to strip', async () => {
    const { request, got } = await seen('http://localhost/app/team?page=2');
    expect(got).toBe(request);
  });

  it('still strips ?index (keeping non-empty values), _routes and, without single fetch, _data', async () => {
    for (const [url, singleFetch, expected] of [
      ['http://localhost/app/team?index&x=1', true, 'http://localhost/app/team?x=1'],
      ['http://localhost/app/team?index=&index=keep', true, 'http://localhost/app/team?index=keep'],
      ['http://localhost/app/team.data?_routes=routes%2Fapp&x=1', true, 'http://localhost/app/team.data?x=1'],
      ['http://localhost/app/team?_data=routes%2Fapp&x=1', false, 'http://localhost/app/team?x=1'],
    ] as const) {
      const { request, got } = await seen(url, singleFetch);
      expect(got, url).not.toBe(request);
      expect(got.url, url).toBe(expected);
      expect(got.headers.get('x-probe'), url).toBe('1');
    }
  });

  it('makes the route-module map once per route manifest', () => {
    const manifest = { root: { module: { default: 1 } }, 'routes/a': { module: { default: 2 } } };
    const first = entry.createEntryRouteModules(manifest);
    expect(first).toEqual({ root: { default: 1 }, 'routes/a': { default: 2 } });
    expect(entry.createEntryRouteModules(manifest)).toBe(first);
    expect(entry.createEntryRouteModules({ ...manifest })).not.toBe(first);
  });
});
