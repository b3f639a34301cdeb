import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type * as RemixRouter from '@remix-run/router';
import { describe, expect, it, vi } from 'vitest';
import { differentialUrls, mixedRoutes } from '../../tests/support/router-cases';

/**
 * The router patch (patches/@remix-run+router+*.patch, docs/decisions/140) ships to every browser:
 * Remix's browser build bundles the router's ESM file (dist/router.js, its "module" entry). This
 * test bundles that file as the browser build does (esbuild, platform browser, minified) and the
 * same file with the patch reversed, and compares their matchRoutes on the same routes and URLs,
 * including after a route patch (lazy route discovery, which only the browser does).
 */
const require = createRequire(import.meta.url);
const routerDir = path.dirname(require.resolve('@remix-run/router/package.json'));
const pkg = require('@remix-run/router/package.json') as { version: string; module: string };
const esmFile = path.join(routerDir, pkg.module);

async function browserBundle(entry: string, out: string): Promise<typeof RemixRouter> {
  await build({ entryPoints: [entry], bundle: true, platform: 'browser', format: 'esm', minify: true, outfile: out, logLevel: 'silent' });
  return (await import(pathToFileURL(out).href)) as typeof RemixRouter;
}

async function bothBundles() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-router-browser-'));
  const whole = fs.readFileSync(path.resolve('patches', `@remix-run+router+${pkg.version}.patch`), 'utf8');
  const part = whole.split(/^(?=diff --git )/m).find((p) => p.startsWith('diff --git a/node_modules/@remix-run/router/dist/router.js'));
  if (!part) throw new Error('The patch has no dist/router.js (ESM, browser) part.');
  const unpatchedSource = path.join(dir, 'router.unpatched.js');
  execFileSync('patch', ['-R', '-s', '-o', unpatchedSource, esmFile], { input: part });
  return {
    patchedSource: fs.readFileSync(esmFile, 'utf8'),
    unpatchedSource: fs.readFileSync(unpatchedSource, 'utf8'),
    patched: await browserBundle(esmFile, path.join(dir, 'patched.mjs')),
    unpatched: await browserBundle(unpatchedSource, path.join(dir, 'unpatched.mjs')),
  };
}

const described = (matches: RemixRouter.AgnosticRouteMatch[] | null) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

describe('the router patch in the browser build', () => {
  it('is in the ESM file the browser bundles, and the browser bundle matches as the unpatched router does', async () => {
    const { patchedSource, unpatchedSource, patched, unpatched } = await bothBundles();
    expect(patchedSource).toContain('function firstSegmentCandidates(ranked, decoded)');
    expect(unpatchedSource).not.toContain('LEDA-PATCH');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const routes = mixedRoutes as RemixRouter.AgnosticRouteObject[];
      let matched = 0;
      for (const basename of [undefined, '/base']) {
        const urls = basename ? differentialUrls.map((u) => `/base${u}`) : differentialUrls;
        for (const url of urls) {
          const expected = described(unpatched.matchRoutes(routes, url, basename));
          expect(described(patched.matchRoutes(routes, url, basename)), `${url} (basename ${basename})`).toEqual(expected);
          expect(described(patched.matchRoutes(routes, url, basename)), `${url} (basename ${basename}), again`).toEqual(expected);
          if (expected) matched++;
        }
      }
      expect(matched).toBeGreaterThan(100);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('sees routes that lazy route discovery adds to a browser router (patchRoutes) exactly as the unpatched router', async () => {
    const { patched, unpatched } = await bothBundles();
    const results: Record<string, unknown[]> = {};
    for (const [name, lib] of [['patched', patched], ['unpatched', unpatched]] as const) {
      const history = lib.createMemoryHistory({ initialEntries: ['/'] });
      const router = lib.createRouter({ history, routes: [{ id: 'root', path: '/', children: [{ id: 'home', index: true }] }] }).initialize();
      const seen: unknown[] = [];
      const ids = (url: string) => lib.matchRoutes(router.routes, url)?.map((m) => m.route.id) ?? null;
      seen.push(ids('/team/1'), ids('/team'));
      router.patchRoutes('root', [{ id: 'team', path: 'team/:teamId' }]);
      seen.push(ids('/team/1'), ids('/team'));
      router.patchRoutes('root', [{ id: 'team-list', path: 'team' }]);
      seen.push(ids('/team/1'), ids('/team'));
      router.dispose();
      results[name] = seen;
    }
    expect(results.patched).toEqual(results.unpatched);
    expect(results.patched).toEqual([null, null, ['root', 'team'], null, ['root', 'team'], ['root', 'team-list']]);
  });
});
