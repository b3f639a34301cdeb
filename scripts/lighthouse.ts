/**
 * `npm run lighthouse`: Lighthouse (mobile: Moto G-class screen, simulated slow 4G and 4x CPU slow-down,
 * the tool's defaults) on the team home and the learner home, signed in as the demo learner, with
 * Debian's chromium (/usr/bin/chromium). It builds nothing:
 *
 *   npm run lighthouse -- --url http://127.0.0.1:3000   audits a server that runs already (seeded demo data)
 *   npm run lighthouse                                   starts build/index.js on a free port with a fresh
 *                                                        embedded database (run `npm run build` first)
 *
 * Options: --runs N (median of N runs per page, default 3), --out FILE (a markdown report; the scores
 * and the machine's load are printed either way), --only team|learner (one page), --json DIR (each run's
 * full Lighthouse result, to read its network requests and the observed paint against the simulated one).
 * Exit code 1 when a page's performance is below 95.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startScratchServer } from './lib/scratch-server';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LEARNER = { email: 'learner@leda.test', password: 'leda-demo-2026' };
const TARGET = 95;

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Signs in through the login form (a plain POST) and answers the session cookie. */
async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams(LEARNER).toString(),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (res.status < 300 || res.status > 399 || !cookies.length) throw new Error(`Signing in as ${LEARNER.email} failed (status ${res.status}).`);
  return cookies.join('; ');
}

/** The demo learner's first team (the team list links each team home). */
async function firstTeamPath(baseUrl: string, cookie: string): Promise<string> {
  const res = await fetch(`${baseUrl}/app/team`, { headers: { cookie } });
  const landed = new URL(res.url).pathname;
  if (/^\/app\/team\/\d+$/.test(landed)) return landed;
  const m = /href="(\/app\/team\/\d+)"/.exec(await res.text());
  if (!m) throw new Error('The demo learner has no team.');
  return m[1]!;
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  si: string;
  transfer: string;
}

/**
 * One audit in a browser of its own: in a browser that audited a page before, Lighthouse's storage
 * reset left the next page without the session (it audited the login page instead).
 */
async function audit(url: string, cookie: string, jsonFile?: string): Promise<Scores> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  let result: Awaited<ReturnType<typeof lighthouse>>;
  try {
    result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'], extraHeaders: { Cookie: cookie } });
  } finally {
    await chrome.kill();
  }
  if (result && new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} was not audited: it led to ${result.lhr.finalDisplayedUrl}`);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify(result.lhr));
  const { categories, audits } = result.lhr;
  const score = (k: string) => Math.round((categories[k]?.score ?? 0) * 100);
  const shown = (k: string) => audits[k]?.displayValue ?? '?';
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: shown('first-contentful-paint'),
    lcp: shown('largest-contentful-paint'),
    tbt: shown('total-blocking-time'),
    cls: shown('cumulative-layout-shift'),
    si: shown('speed-index'),
    transfer: shown('total-byte-weight'),
  };
}

const median = (runs: Scores[]) => [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;

async function main() {
  const given = option('url');
  const runs = Math.max(1, Math.min(9, Number(option('runs') ?? 3)));
  const out = option('out');
  const only = option('only');
  const jsonDir = option('json');
  if (jsonDir) fs.mkdirSync(jsonDir, { recursive: true });
  const server = given ? { baseUrl: given.replace(/\/+$/, ''), stop: async () => undefined } : await startScratchServer('lighthouse');
  const loadBefore = os.loadavg();
  const rows: { page: string; path: string; median: Scores; performance: number[] }[] = [];
  try {
    const cookie = await signIn(server.baseUrl);
    const teamPath = await firstTeamPath(server.baseUrl, cookie);
    for (const [page, p] of [
      ['Team home', teamPath],
      ['Learner home', '/app/home'],
    ] as const) {
      if (only && !page.toLowerCase().startsWith(only.toLowerCase())) continue;
      // A warm-up load, so the first audit does not measure the server's cold caches.
      await fetch(`${server.baseUrl}${p}`, { headers: { cookie } });
      const all: Scores[] = [];
      for (let i = 0; i < runs; i++) all.push(await audit(`${server.baseUrl}${p}`, cookie, jsonDir ? path.join(jsonDir, `${page.split(' ')[0]!.toLowerCase()}-${i + 1}.json`) : undefined));
      rows.push({ page, path: p, median: median(all), performance: all.map((s) => s.performance) });
      console.log(`${page} (${p}): performance ${all.map((s) => s.performance).join(', ')}; median run ${JSON.stringify(median(all))}`);
    }
  } finally {
    await server.stop();
  }
  const loadAfter = os.loadavg();
  const load = `load average ${loadBefore.map((l) => l.toFixed(2)).join(' / ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' / ')} after (1 / 5 / 15 min), ${os.cpus().length} cores`;
  console.log(load);
  if (out) {
    const table = [
      '| Page | Path | Performance (median; all runs) | Accessibility | Best practices | FCP | LCP | TBT | CLS | Speed index | Transfer |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows.map((r) => `| ${r.page} | \`${r.path}\` | **${r.median.performance}** (${r.performance.join(', ')}) | ${r.median.accessibility} | ${r.median.bestPractices} | ${r.median.fcp} | ${r.median.lcp} | ${r.median.tbt} | ${r.median.cls} | ${r.median.si} | ${r.median.transfer} |`),
    ].join('\n');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${table}\n\nMachine: ${load}.\n`);
  }
  if (rows.some((r) => r.median.performance < TARGET)) {
    console.error(`Performance below ${TARGET} on: ${rows.filter((r) => r.median.performance < TARGET).map((r) => r.page).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
