/**
 * Route matching, before and after patches/@remix-run+router (docs/decisions/140):
 *
 *   npx tsx scripts/bench/route-matching.ts
 *
 * Times @remix-run/router's matchRoutes, as Remix calls it once per request (and once per URL
 * segment for lazy route discovery), over Leda's own route table (read from app/routes by the
 * Remix compiler's config) and over a generated table of 400 routes, with the installed (patched)
 * router and with an unpatched copy made by reversing the patch into a temporary file.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type * as RemixRouter from '@remix-run/router';
import { repoRoot } from '../lib/server-process';

type Router = typeof RemixRouter;
interface ManifestRoute { id: string; path?: string; index?: boolean; caseSensitive?: boolean; parentId?: string }
interface Route { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] }

const require = createRequire(import.meta.url);

function unpatchedRouter(): Router {
  const installed = require.resolve('@remix-run/router');
  const patchFile = fs.readdirSync(path.join(repoRoot, 'patches')).find((f) => f.startsWith('@remix-run+router+'));
  if (!patchFile) throw new Error('No @remix-run/router patch in patches/.');
  const whole = fs.readFileSync(path.join(repoRoot, 'patches', patchFile), 'utf8');
  const part = whole.split(/^(?=diff --git )/m).find((p) => p.startsWith('diff --git a/node_modules/@remix-run/router/dist/router.cjs.js'));
  if (!part) throw new Error('The patch has no router.cjs.js part.');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-router-'));
  const out = path.join(dir, 'router.cjs.js');
  execFileSync('patch', ['-R', '-s', '-o', out, installed], { input: part });
  return require(out) as Router;
}

/** The route tree Remix's server builds from the manifest (children by parentId). */
function tree(manifest: ManifestRoute[], parentId?: string): Route[] {
  return manifest.filter((r) => r.parentId === parentId).map((r) => ({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: tree(manifest, r.id) }));
}

/** 400 routes shaped like a grown Leda: sections of static, dynamic and nested screens under the root. */
function generated(n: number): ManifestRoute[] {
  const out: ManifestRoute[] = [{ id: 'root', path: '' }];
  for (let i = 0; out.length < n; i++) {
    const section = `section-${i}`;
    out.push({ id: `${section}`, path: section, parentId: 'root' });
    out.push({ id: `${section}/index`, index: true, parentId: section });
    out.push({ id: `${section}/$id`, path: ':id', parentId: section });
    out.push({ id: `${section}/$id/edit`, path: ':id/edit', parentId: section });
    out.push({ id: `${section}/new`, path: 'new', parentId: section });
    out.push({ id: `api.${section}.list`, path: `api/${section}/list`, parentId: 'root' });
  }
  out.push({ id: 'splat', path: '*', parentId: 'root' });
  return out;
}

/** Each URL's partial paths too, as lazy route discovery matches them (/a, /a/b, /a/b/c). */
const withPrefixes = (urls: string[]) => urls.flatMap((u) => u.split('/').slice(1).map((_, i, segs) => `/${segs.slice(0, i + 1).join('/')}`));

/** fresh: every call names a location not seen before (a new query string), so the patch's per-location cache misses. */
let seq = 0;
function time(router: Router, routes: Route[], urls: string[], rounds: number, fresh = false) {
  const at = (u: string) => (fresh ? `${u}?n=${++seq}` : u);
  for (const u of urls) router.matchRoutes(routes as RemixRouter.AgnosticRouteObject[], at(u)); // warm
  const started = performance.now();
  for (let r = 0; r < rounds; r++) for (const u of urls) router.matchRoutes(routes as RemixRouter.AgnosticRouteObject[], at(u));
  return ((performance.now() - started) * 1000) / (rounds * urls.length); // µs per match
}

async function main() {
  const { readConfig } = (await import('@remix-run/dev/dist/config.js')) as { readConfig: (root: string) => Promise<{ routes: Record<string, ManifestRoute> }> };
  const config = await readConfig(repoRoot);
  const leda = Object.values(config.routes);
  const ledaUrls = ['/', '/articles', '/app/team', '/app/explore/skill', '/app/explore/story/the-first-ninety-days/chapter/everything-through-me', '/api/auth/authenticate', '/no/such/page'];
  const big = generated(400);
  const bigUrls = ['/', '/section-3', '/section-30/17', '/section-60/17/edit', '/api/section-64/list', '/no/such/page'];
  const patched = require('@remix-run/router') as Router;
  const unpatched = unpatchedRouter();
  console.log('µs per matchRoutes call (median of 5 runs); lazy discovery = the URL and each of its partial paths;');
  console.log('"patched, new" = each call a location the per-location cache has not seen (a new query string)');
  console.log('table                         routes   unpatched   patched   speed-up   patched, new   speed-up');
  for (const [name, manifest, urls] of [
    ['Leda today', leda, ledaUrls],
    ['Leda today, lazy discovery', leda, withPrefixes(ledaUrls)],
    ['generated 400', big, bigUrls],
    ['generated 400, lazy discovery', big, withPrefixes(bigUrls)],
  ] as const) {
    const routes = tree([...manifest]);
    const runs = (router: Router, fresh = false) => {
      const xs = Array.from({ length: 5 }, () => time(router, routes, [...urls], 200, fresh)).sort((a, b) => a - b);
      return xs[2]!;
    };
    const before = runs(unpatched);
    const after = runs(patched);
    const afterFresh = runs(patched, true);
    console.log(
      `${name.padEnd(30)}${String(manifest.length).padStart(6)}${before.toFixed(1).padStart(12)}${after.toFixed(1).padStart(10)}${`${(before / after).toFixed(1)}x`.padStart(11)}` +
        `${afterFresh.toFixed(1).padStart(15)}${`${(before / afterFresh).toFixed(1)}x`.padStart(11)}`,
    );
  }
}

await main();
