/**
 * `npm run bench:scim` (builds first): provisions 10,000 users and 200 groups (50 members each)
 * through Leda's SCIM API, the way an identity provider's first sync does, and checks it takes at
 * most 60 s with the server's memory flat (decision 284).
 *
 *  - starts the BUILT server (node build/index.js) on a free port with a fresh database: a scratch
 *    PostgreSQL database beside DATABASE_URL when it is set (dropped at the end), else embedded PGlite;
 *  - signs in the demo product admin, creates an organisation and its SCIM token through /api/admin;
 *  - POST /scim/v2/Users x 10,000, then per group POST /scim/v2/Groups and one PATCH adding its 50
 *    members, CONCURRENCY requests in flight;
 *  - samples the server's resident memory (VmRSS, /proc/<pid>/status) every 500 ms and prints it after
 *    1,000 users, at the end of the users, and at the end; exits 1 when a target is missed.
 *
 *   npm run bench:scim
 *   npx tsx scripts/bench-scim.ts --users 2000 --groups 40 --concurrency 8
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import { benchServerEnv, createScratchDatabase, dropRedisKeys, freePort, processCpuMs as cpuMs, runToEnd, serverEntry, spawnLogged, stopChild, tsxBin, waitForServer } from './lib/server-process';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    groups: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '8' },
    'limit-s': { type: 'string', default: '60' },
  },
});
const USERS = Number(args.users);
const GROUPS = Number(args.groups);
const CONCURRENCY = Number(args.concurrency);
const LIMIT_MS = Number(args['limit-s']) * 1000;
const ADMIN = { email: 'admin@leda.test', password: 'leda-demo-2026' };
const json = { 'content-type': 'application/json' };

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
}

/** Runs `n` tasks, `concurrency` at a time; each task's latency is recorded. */
async function pool(n: number, concurrency: number, task: (i: number) => Promise<void>, latencies: number[]) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async () => {
      while (next < n) {
        const i = next++;
        const t = performance.now();
        await task(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
}


const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : 0;
};

async function main() {
  const id = randomBytes(4).toString('hex');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(os.tmpdir(), `leda-bench-scim-${id}.log`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-bench-scim-'));
  const redisPrefix = `leda-bench-scim-${id}`;
  const env = benchServerEnv({ port, baseUrl, dataDir, redisPrefix });
  let child: ChildProcess | undefined;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  const cleanup = async () => {
    if (child) await stopChild(child);
    if (scratch) await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (process.env.REDIS_URL) await dropRedisKeys(process.env.REDIS_URL, redisPrefix).catch(() => undefined);
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));
  process.once('SIGTERM', () => void cleanup().finally(() => process.exit(143)));
  let ok = false;
  try {
    if (env.DATABASE_URL) {
      scratch = await createScratchDatabase(env.DATABASE_URL, `leda_bench_scim_${id}`);
      env.DATABASE_URL = scratch.url;
      await runToEnd(tsxBin, ['scripts/seed.ts'], env, logFile);
    }
    console.log(`Leda SCIM bench: ${env.DATABASE_URL ? 'PostgreSQL (fresh scratch database)' : 'embedded PGlite (fresh)'}, jobs ${env.REDIS_URL ? 'on Redis' : 'in-process'}, ${USERS} users, ${GROUPS} groups, ${CONCURRENCY} in flight; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
    child = spawnLogged(process.execPath, [...prof, serverEntry], env, logFile);
    await waitForServer(`${baseUrl}/scim/v2/ServiceProviderConfig`, child, logFile, { ready: (s) => s === 200 });

    const login = (await (await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(ADMIN) })).json()) as { token?: string };
    if (!login.token) throw new Error('The demo product admin could not sign in: is the database seeded?');
    const admin = { ...json, 'x-access-token': login.token };
    const org = (await (await fetch(`${baseUrl}/api/admin/saveOrganisation`, { method: 'POST', headers: admin, body: JSON.stringify({ name: `SCIM bench ${id}`, licenseType: 2 }) })).json()) as {
      organisationId: number;
    };
    const { token } = (await (await fetch(`${baseUrl}/api/admin/createScimToken`, { method: 'POST', headers: admin, body: JSON.stringify({ organisationId: org.organisationId }) })).json()) as {
      token: string;
    };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
    const send = async (method: string, p: string, body: unknown, expected: number) => {
      const res = await fetch(`${baseUrl}/scim/v2/${p}`, { method, headers, body: JSON.stringify(body) });
      const text = await res.text();
      if (res.status !== expected) throw new Error(`${method} ${p} answered ${res.status}: ${text.slice(0, 300)}`);
      return text ? (JSON.parse(text) as { id: string }) : null;
    };

    const rss: { at: number; mb: number }[] = [];
    const sampler = setInterval(() => rss.push({ at: performance.now(), mb: rssMb(child?.pid) }), 500);
    const rssStart = rssMb(child.pid);
    const started = performance.now();
    const userIds: string[] = new Array(USERS);
    const userLatency: number[] = [];
    let rssAt1000 = 0;
    const WARM = Math.min(1000, Math.floor(USERS / 10));
    const cpuStart = cpuMs(child.pid);
    await pool(
      USERS,
      CONCURRENCY,
      async (i) => {
        const userName = `person${i}.${id}@bench.example`;
        const made = await send(
          'POST',
          'Users',
          { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName, externalId: `ext-${i}`, active: true, name: { givenName: 'Person', familyName: String(i) }, emails: [{ type: 'work', primary: true, value: userName }] },
          201,
        );
        userIds[i] = made!.id;
        if (i === WARM) rssAt1000 = rssMb(child?.pid);
      },
      userLatency,
    );
    const usersDone = performance.now();
    const cpuUsers = cpuMs(child.pid) - cpuStart;
    const rssAfterUsers = rssMb(child.pid);
    const groupLatency: number[] = [];
    const perGroup = Math.floor(USERS / GROUPS);
    await pool(
      GROUPS,
      CONCURRENCY,
      async (g) => {
        const group = await send('POST', 'Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: `Group ${g}`, externalId: `grp-${g}` }, 201);
        const members = userIds.slice(g * perGroup, (g + 1) * perGroup).map((value) => ({ value }));
        await send('PATCH', `Groups/${group!.id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'Add', path: 'members', value: members }] }, 204);
      },
      groupLatency,
    );
    const elapsed = performance.now() - started;
    const cpuAll = cpuMs(child.pid) - cpuStart;
    clearInterval(sampler);
    const rssEnd = rssMb(child.pid);
    const rssPeak = Math.max(rssStart, ...rss.map((r) => r.mb));

    const count = async (p: string) => ((await (await fetch(`${baseUrl}/scim/v2/${p}?count=0`, { headers })).json()) as { totalResults: number }).totalResults;
    const [users, groups] = [await count('Users'), await count('Groups')];
    const s = (ms: number) => (ms / 1000).toFixed(1);
    console.log(`users:  ${USERS} in ${s(usersDone - started)} s (${Math.round(USERS / ((usersDone - started) / 1000))}/s), latency p50 ${pct(userLatency, 50).toFixed(0)} ms, p95 ${pct(userLatency, 95).toFixed(0)} ms`);
    console.log(`groups: ${GROUPS} with ${perGroup} members each in ${s(performance.now() - usersDone)} s, p50 ${pct(groupLatency, 50).toFixed(0)} ms, p95 ${pct(groupLatency, 95).toFixed(0)} ms`);
    console.log(`server CPU: ${(cpuUsers / USERS).toFixed(1)} ms per user created, ${((cpuAll - cpuUsers) / GROUPS).toFixed(1)} ms per group (create + 1 PATCH); ${s(cpuAll)} s in all`);
    console.log(`total:  ${s(elapsed)} s (target ${s(LIMIT_MS)} s); the service lists ${users} users and ${groups} groups`);
    console.log(`server memory (RSS): start ${rssStart} MB, after ${WARM} users ${rssAt1000} MB, after all users ${rssAfterUsers} MB, end ${rssEnd} MB, peak ${rssPeak} MB`);
    const flat = rssEnd - rssAt1000 <= 100;
    ok = elapsed <= LIMIT_MS && users === USERS && groups === GROUPS && flat;
    console.log(`${ok ? 'PASS' : 'FAIL'}: ${elapsed <= LIMIT_MS ? 'within' : 'over'} the time limit; memory ${flat ? `flat (end within 100 MB of the level after ${WARM} users)` : 'grew'}; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await cleanup();
  }
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
