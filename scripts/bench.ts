/**
 * `npm run bench` (builds first): starts the BUILT server (node build/index.js) on a free port,
 * with a fresh embedded database in a temporary DATA_DIR, or a scratch database beside DATABASE_URL when it is set
 * (that database is migrated and, when empty, seeded first), signs in the demo learner, then
 * measures requests/s and latency percentiles for each target below, one after another, with
 * CONNECTIONS concurrent keep-alive connections for DURATION seconds (after a short warm-up).
 * It stops the server at the end, also on failure or Ctrl-C.
 *
 *   npm run bench                      all targets, 20 connections, 5 s each
 *   npx tsx scripts/bench.ts --connections 50 --duration 10 --only login
 *
 * To add a page, append a target to TARGETS: a name, the request, and the status to expect.
 */
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createScratchDatabase, dropRedisKeys, freePort, runToEnd, serverEntry, spawnLogged, stopChild, tsxBin, waitForServer } from './lib/server-process';

/** What the targets may use: the demo learner's session, as cookie and as x-access-token. */
interface BenchContext {
  token: string;
  cookie: string;
}

interface BenchTarget {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Extra headers (auth, content type); may use the signed-in learner's session. */
  headers?: (ctx: BenchContext) => Record<string, string>;
  body?: (ctx: BenchContext) => string;
  /** The status every answer must have; anything else counts as an error. */
  expectStatus: number;
  /** Checked once on the first answer, to be sure the target measures what it says. */
  check?: { what: string; test: (body: string) => boolean };
}

const json = { 'content-type': 'application/json', accept: 'application/json' };

export const TARGETS: BenchTarget[] = [
  { name: 'GET /bench/hello (bare resource route)', method: 'GET', path: '/bench/hello', expectStatus: 200 },
  {
    name: 'GET / (home page, 3 latest articles)',
    method: 'GET',
    path: '/',
    headers: () => ({ accept: 'text/html' }),
    expectStatus: 200,
    check: { what: 'the home page lists the latest articles', test: (body) => body.includes('Latest articles') },
  },
  {
    name: 'POST /api/public/p (page view, one insert)',
    method: 'POST',
    path: '/api/public/p',
    headers: () => json,
    body: () => JSON.stringify({ url: 'http://localhost/pricing', path: '/pricing', cid: 'bench-client-0001', name: 'Pricing | Leda' }),
    expectStatus: 200,
  },
  { name: 'GET /auth/login (login page)', method: 'GET', path: '/auth/login', headers: () => ({ accept: 'text/html' }), expectStatus: 200 },
  {
    name: 'POST /api/auth/authenticate (learner)',
    method: 'POST',
    path: '/api/auth/authenticate',
    headers: (ctx) => ({ ...json, 'x-access-token': ctx.token }),
    body: () => JSON.stringify({ cid: 'bench-client-0001' }),
    expectStatus: 200,
    check: { what: 'the answer names the signed-in learner', test: (body) => (JSON.parse(body) as { user: unknown }).user !== null },
  },
  {
    name: 'GET /app/explore/skill (skills page, learner)',
    method: 'GET',
    path: '/app/explore/skill',
    headers: (ctx) => ({ accept: 'text/html', cookie: ctx.cookie }),
    expectStatus: 200,
    check: { what: 'the skills page lists the skill groups', test: (body) => body.includes('Self-Awareness') },
  },
  {
    name: 'GET a story chapter page (learner)',
    method: 'GET',
    path: '/app/explore/story/the-first-ninety-days/chapter/everything-through-me',
    headers: (ctx) => ({ accept: 'text/html', cookie: ctx.cookie }),
    expectStatus: 200,
    check: { what: 'the chapter page has its video', test: (body) => body.includes('<video') },
  },
];

const DEMO_LOGIN = { email: 'learner@leda.test', password: 'leda-demo-2026' };
const WARMUP_MS = 1_000;

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '20' },
    duration: { type: 'string', default: process.env.BENCH_DURATION_S ?? '5' },
    only: { type: 'string' },
  },
});
const CONNECTIONS = Math.max(1, Number(args.connections) || 20);
const DURATION_MS = Math.max(1, Number(args.duration) || 5) * 1000;

// ---------------------------------------------------------------------------------------------
// Signing in (POST /api/auth/login; the login form when that route is missing)

async function signIn(baseUrl: string): Promise<BenchContext> {
  const api = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(DEMO_LOGIN) });
  if (api.ok) {
    const answer = (await api.json()) as { success?: boolean; token?: string | null; errorMsg?: string | null };
    if (answer.success && answer.token) return { token: answer.token, cookie: `leda_session=${answer.token}` };
    throw new Error(`POST /api/auth/login refused the demo learner: ${answer.errorMsg ?? JSON.stringify(answer)}`);
  }
  const form = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(DEMO_LOGIN).toString(),
  });
  const cookie = form.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('leda_session='));
  if (form.status !== 302 || !cookie) throw new Error(`Could not sign in the demo learner (form login answered ${form.status}).`);
  return { cookie, token: cookie.slice('leda_session='.length) };
}

// ---------------------------------------------------------------------------------------------
// The load loop: CONNECTIONS workers, each sending one request after another on a keep-alive socket

interface Result {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  firstError?: string;
}

function send(agent: http.Agent, url: URL, target: BenchTarget, ctx: BenchContext): Promise<{ status: number; body: string }> {
  const body = target.body?.(ctx);
  const headers: Record<string, string> = { ...target.headers?.(ctx) };
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: target.method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);

async function measure(baseUrl: string, target: BenchTarget, ctx: BenchContext): Promise<Result> {
  const url = new URL(target.path, baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const check = await send(agent, url, target, ctx);
  if (check.status !== target.expectStatus) {
    agent.destroy();
    throw new Error(`${target.name}: expected ${target.expectStatus}, got ${check.status}: ${check.body.slice(0, 300)}`);
  }
  if (target.check && !target.check.test(check.body)) {
    agent.destroy();
    throw new Error(`${target.name}: ${target.check.what} failed: ${check.body.slice(0, 300)}`);
  }

  const run = async (ms: number, latencies: number[] | undefined) => {
    let errors = 0;
    let firstError: string | undefined;
    const until = performance.now() + ms;
    const loop = async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          const res = await send(agent, url, target, ctx);
          if (res.status !== target.expectStatus) {
            errors++;
            firstError ??= `status ${res.status}: ${res.body.slice(0, 200)}`;
          }
        } catch (e) {
          errors++;
          firstError ??= e instanceof Error ? e.message : String(e);
        }
        latencies?.push(performance.now() - t0);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, loop));
    return { errors, firstError, elapsed: performance.now() - started };
  };

  await run(WARMUP_MS, undefined);
  const latencies: number[] = [];
  const { errors, firstError, elapsed } = await run(DURATION_MS, latencies);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    name: target.name,
    requests: latencies.length,
    errors,
    rps: latencies.length / (elapsed / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    firstError,
  };
}

function printTable(results: Result[]) {
  const header = ['Target', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'requests', 'errors'];
  const rows = results.map((r) => [r.name, r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), r.max.toFixed(1), String(r.requests), String(r.errors)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  for (const r of results) if (r.firstError) console.log(`  ${r.name}: first error: ${r.firstError}`);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!fs.existsSync(serverEntry)) throw new Error('build/index.js is missing: run `npm run build` first (`npm run bench` does).');
  const targets = args.only ? TARGETS.filter((t) => t.name.toLowerCase().includes(args.only!.toLowerCase())) : TARGETS;
  if (!targets.length) throw new Error(`No target matches --only ${args.only}`);

  const id = randomBytes(4).toString('hex');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(os.tmpdir(), `leda-bench-${id}.log`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-bench-'));
  const redisPrefix = `leda-bench-${id}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_ENV: 'development', // /bench/hello is not served in production
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    REDIS_PREFIX: redisPrefix,
    LOG_LEVEL: 'warn',
  };
  delete env.SMTP_URL;
  delete env.UNDER_CONSTRUCTION_UNTIL;

  let child: ChildProcess | undefined;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  const cleanup = async () => {
    if (child) await stopChild(child);
    if (scratch) await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (process.env.REDIS_URL) await dropRedisKeys(process.env.REDIS_URL, redisPrefix).catch(() => undefined);
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));

  try {
    // With DATABASE_URL the bench makes its own scratch database beside it, and drops it at the end.
    if (env.DATABASE_URL) {
      scratch = await createScratchDatabase(env.DATABASE_URL, `leda_bench_${redisPrefix.replace(/[^a-z0-9]/gi, '_').toLowerCase()}`);
      env.DATABASE_URL = scratch.url;
    }
    const database = env.DATABASE_URL ? 'PostgreSQL (fresh scratch database)' : 'embedded PGlite (fresh)';
    console.log(`Leda bench: ${database}, jobs ${env.REDIS_URL ? 'on Redis' : 'in-process'}, ${CONNECTIONS} connections, ${DURATION_MS / 1000}s per target`);
    // The server seeds only the embedded database; PostgreSQL is migrated and seeded (when empty) here.
    if (env.DATABASE_URL) await runToEnd(tsxBin, ['scripts/seed.ts'], env, logFile);

    child = spawnLogged(process.execPath, [serverEntry], env, logFile);
    const startedAt = performance.now();
    await waitForServer(`${baseUrl}/bench/hello`, child, logFile, { ready: (status) => status >= 200 && status < 300 });
    console.log(`server ready in ${((performance.now() - startedAt) / 1000).toFixed(1)}s on ${baseUrl}\n`);

    const ctx = await signIn(baseUrl);
    const results: Result[] = [];
    for (const target of targets) results.push(await measure(baseUrl, target, ctx));
    printTable(results);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  } finally {
    await cleanup();
    fs.rmSync(logFile, { force: true });
  }
}

await main();
