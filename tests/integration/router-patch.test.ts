import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as RemixRouter from '@remix-run/router';
import { describe, expect, it } from 'vitest';

/**
 * patches/@remix-run+router+*.patch (applied by `npm install` through postinstall: patch-package)
 * memoizes route matching: the flattened, ranked branches per route tree and the compiled path
 * patterns (docs/decisions/140-route-matching.md). These tests fail when an upgrade or a fresh
 * install leaves the router unpatched.
 */
const require = createRequire(import.meta.url);
const routerCjs = require.resolve('@remix-run/router');
const routerDir = path.dirname(routerCjs);
const installed = (require('@remix-run/router/package.json') as { version: string }).version;
const router = require('@remix-run/router') as typeof RemixRouter;

type Route = { id: string; path?: string; index?: boolean; children?: Route[] };
const match = (routes: Route[], url: string) => router.matchRoutes(routes as RemixRouter.AgnosticRouteObject[], url);

describe('the @remix-run/router patch', () => {
  it('matches the installed router version and is applied to the CommonJS and ESM builds', () => {
    const patches = fs.readdirSync(path.resolve('patches')).filter((f) => f.startsWith('@remix-run+router+'));
    expect(patches).toEqual([`@remix-run+router+${installed}.patch`]);
    for (const file of ['router.cjs.js', 'router.js']) {
      const source = fs.readFileSync(path.join(routerDir, file), 'utf8');
      expect(source, file).toContain('function getRankedBranches(routes)');
      expect(source, file).toContain('const compiledPathCache = new Map()');
    }
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.postinstall).toBe('patch-package');
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
});
