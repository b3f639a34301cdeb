/**
 * `npm run test:cluster` (issue 28 §4, decision 260): Leda as several machines, on loopback.
 * nginx (Debian's, config deploy/nginx.conf with this run's ports) in front of two BUILT web
 * processes, each with its own DATA_DIR as if on separate machines, two `npm run worker` processes,
 * one scratch PostgreSQL database and one Redis prefix. It shows:
 *   1. a file uploaded through node A is served by node B; a session made on A works on B; the
 *      login rate limit counts attempts on both;
 *   2. a scheduled post is published (and its notification delivered) exactly once and a reminder
 *      sent exactly once with two workers;
 *   3. kill -9 of node A under steady bounded load: nginx moves to B, 0 acknowledged writes lost;
 *   4. a rolling restart (SIGTERM B, start it, SIGTERM A, start it) under the same load fails 0 requests;
 *   5. a catalogue change is seen on both nodes within their cache interval (2 s).
 * Prints the figures at the end, writes test-results/cluster.json, exits 1 when a check fails.
 * Needs nginx on PATH, PostgreSQL (DATABASE_URL, default the local one) and Redis (REDIS_URL).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createScratchDatabase, dropRedisKeys, freePort, repoRoot, serverEntry, spawnLogged, stopChild, tail, waitForServer } from './lib/server-process';

const BASE_DB = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const LOAD_CONCURRENCY = 4;
const CACHE_INTERVAL_MS = 2000; // modules/catalogue/reference.server.ts referenceCacheOptions.checkEveryMs

const tag = randomBytes(4).toString('hex');
const prefix = `leda-cluster-${tag}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-cluster-'));
const logFile = path.join(work, 'cluster.log');
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)}s`;

const results: { name: string; ok: boolean; detail: string }[] = [];
function check(name: string, ok: boolean, detail = '') {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''} [${elapsed()}]`);
}

const which = (cmd: string) => {
  try {
    return execFileSync('sh', ['-c', `command -v ${cmd} || ls /usr/sbin/${cmd}`], { encoding: 'utf8' }).trim().split('\n')[0];
  } catch {
    return undefined;
  }
};
const nginxBin = which('nginx');
if (!nginxBin) {
  console.error('nginx is not installed (apt-get install -y nginx-light or nginx)');
  process.exit(1);
}
if (!fs.existsSync(serverEntry)) execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });

const scratch = await createScratchDatabase(BASE_DB, `leda_cluster_${tag}`);
Object.assign(process.env, { DATABASE_URL: scratch.url, REDIS_URL, REDIS_PREFIX: prefix, DATA_DIR: path.join(work, 'script'), LOG_LEVEL: 'warn', APP_ENV: 'staging' });

const shared = await import('@modules/shared/index.server');
const { registerAllJobs } = await import('../jobs/registry');
const { seedCatalogue, bumpCatalogueVersion } = await import('@modules/catalogue/index.server');
const { seedActivities, addMyActivity } = await import('@modules/activities/index.server');
const { saveUserSettings, SESSION_COOKIE } = await import('@modules/identity/index.server');
const { localTimeIn } = await import('@modules/social/index.server');
const { makeOrganisation, makeTeam, makeUser, TEST_PASSWORD } = await import('../tests/support/factories');

const children: ChildProcess[] = [];
let nginx: ChildProcess | undefined;
interface WebNode {
  name: string;
  port: number;
  child?: ChildProcess;
}
const nodes: WebNode[] = [];

async function cleanup() {
  for (const c of children) await stopChild(c);
  if (nginx) await stopChild(nginx);
  await shared.shutdown().catch(() => undefined);
  await dropRedisKeys(REDIS_URL, prefix).catch(() => undefined);
  await scratch.drop();
  if (!results.some((r) => !r.ok)) fs.rmSync(work, { recursive: true, force: true });
  else console.log(`logs kept in ${work}`);
}

// ---------------------------------------------------------------------------------------------
// Processes

const nginxPort = await freePort();
const lb = `http://127.0.0.1:${nginxPort}`;

function nodeEnv(name: string, port?: number): NodeJS.ProcessEnv {
  const dataDir = path.join(work, name);
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PUBLIC_URL: lb,
    TRUST_PROXY: 'loopback',
    APP_ENV: 'staging',
    NODE_ENV: 'production',
    LOG_LEVEL: name.startsWith('worker') ? 'info' : 'warn',
    ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}),
  };
}

async function startWeb(node: WebNode) {
  const child = spawnLogged(process.execPath, [serverEntry], nodeEnv(node.name, node.port), logFile);
  children.push(child);
  node.child = child;
  await waitForServer(`http://127.0.0.1:${node.port}/`, child, logFile, { name: `web ${node.name}` });
}

async function startWorker(name: string) {
  const log = path.join(work, `${name}.log`);
  const child = spawnLogged(process.execPath, ['--import', 'tsx', 'jobs/worker.ts'], nodeEnv(name), log);
  children.push(child);
  const deadline = Date.now() + 90_000;
  while (!tail(log, 200).includes('worker started')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start:\n${tail(log)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return child;
}

function startNginx(ports: number[]) {
  const lines = fs.readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8').split('\n');
  const out: string[] = process.getuid?.() === 0 ? ['user root;'] : [];
  for (const line of lines) {
    const marker = /# cluster-test: (\w+)/.exec(line)?.[1];
    const indent = /^\s*/.exec(line)![0];
    if (!marker) out.push(line);
    else if (marker === 'pid') out.push(`pid ${work}/nginx.pid;`);
    else if (marker === 'error_log') out.push(`${indent}error_log ${work}/nginx-error.log warn;`);
    else if (marker === 'temp') out.push(line.replace(/\/tmp\/nginx-([a-z-]+)/, `${work}/nginx-$1`));
    else if (marker === 'upstream') for (const p of ports) out.push(line.replace(/server \S+/, `server 127.0.0.1:${p}`));
    else if (marker === 'listen') out.push(`${indent}listen 127.0.0.1:${nginxPort};`);
  }
  const conf = path.join(work, 'nginx.conf');
  fs.writeFileSync(conf, out.join('\n'));
  nginx = spawnLogged(nginxBin!, ['-p', work, '-c', conf, '-e', `${work}/nginx-error.log`, '-g', 'daemon off;'], process.env, logFile);
}

// ---------------------------------------------------------------------------------------------
// HTTP

interface Answer {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}
async function http(base: string, p: string, opts: { method?: string; json?: unknown; form?: FormData; cookie?: string; ip?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  try {
    const res = await fetch(`${base}${p}`, {
      method: opts.method ?? (opts.json !== undefined || opts.form ? 'POST' : 'GET'),
      headers,
      body: opts.form ?? (opts.json !== undefined ? JSON.stringify(opts.json) : undefined),
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: res.status, body, text, headers: res.headers };
  } catch (err) {
    return { status: 0, body: null, text: String(err), headers: new Headers() };
  }
}

async function login(base: string, email: string, password: string, ip: string) {
  const res = await http(base, '/api/auth/login', { json: { email, password }, ip });
  // The API answers the session's token (the cookie's value); the login form would set the cookie.
  const token = (res.body as { token?: string | null } | null)?.token;
  const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? (token ? `${SESSION_COOKIE}=${token}` : undefined);
  return { res, cookie };
}

const db = () => shared.getDb();
async function waitFor(what: string, ok: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await ok()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(`  timed out waiting for ${what}`);
  return false;
}

// ---------------------------------------------------------------------------------------------
// Load: LOAD_CONCURRENCY loops through nginx, each a write (a team post) then a read (the poll)

interface LoadFigures {
  requests: number;
  failures: number;
  acknowledged: number[];
  failedStatuses: Record<string, number>;
}
function startLoad(cookie: string, teamId: number, label: string) {
  const figures: LoadFigures = { requests: 0, failures: 0, acknowledged: [], failedStatuses: {} };
  let running = true;
  let n = 0;
  const fail = (status: number) => {
    figures.failures++;
    figures.failedStatuses[status] = (figures.failedStatuses[status] ?? 0) + 1;
  };
  const loop = async () => {
    while (running) {
      const write = await http(lb, '/api/post/savePost', { json: { post: { text: `${label} ${++n}`, teamId, audienceType: 3 } }, cookie });
      figures.requests++;
      if (write.status === 200 && typeof write.body?.postId === 'number') figures.acknowledged.push(write.body.postId);
      else fail(write.status);
      const read = await http(lb, '/api/notification/poll', { cookie });
      figures.requests++;
      if (read.status !== 200) fail(read.status);
      await new Promise((r) => setTimeout(r, 20)); // bounded: at most ~LOAD_CONCURRENCY x 40 requests a second
    }
  };
  const loops = Array.from({ length: LOAD_CONCURRENCY }, loop);
  return {
    figures,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return figures;
    },
  };
}

async function lostWrites(ids: number[]) {
  if (!ids.length) return 0;
  const found = await db().selectFrom('posts').select('id').where('id', 'in', ids).execute();
  return ids.length - found.length;
}

// ---------------------------------------------------------------------------------------------

const figures: string[] = [];
let exitCode = 0;
try {
  console.log(`Leda cluster test: nginx :${nginxPort}, scratch database leda_cluster_${tag}, Redis prefix ${prefix}`);
  await shared.init({ migrate: true });
  registerAllJobs();
  await seedCatalogue(db());
  await seedActivities(db());
  const organisationId = await makeOrganisation();
  const { teamId } = await makeTeam({ organisationId });
  const author = await makeUser({ organisationId, teams: [{ teamId, isTeamAdmin: true }] });
  const members = [];
  for (let i = 0; i < 3; i++) members.push(await makeUser({ organisationId, teams: [{ teamId }] }));

  const [portA, portB] = [await freePort(), await freePort()];
  const A: WebNode = { name: 'web-a', port: portA };
  const B: WebNode = { name: 'web-b', port: portB };
  nodes.push(A, B);
  await Promise.all([startWeb(A), startWeb(B)]);
  await Promise.all([startWorker('worker-1'), startWorker('worker-2')]);
  startNginx([portA, portB]);
  await waitForServer(`${lb}/`, nginx!, logFile, { name: 'nginx' });
  console.log(`two web nodes (:${portA}, :${portB}), two workers and nginx up [${elapsed()}]`);
  const urlA = `http://127.0.0.1:${portA}`;
  const urlB = `http://127.0.0.1:${portB}`;

  // 1. Shared files, sessions and rate limits.
  const signedIn = await login(urlA, author.email, TEST_PASSWORD, '198.51.100.1');
  check('a session made on node A', signedIn.res.status === 200 && Boolean(signedIn.cookie), `status ${signedIn.res.status}`);
  const cookie = signedIn.cookie!;
  const onB = await http(urlB, '/api/notification/poll', { cookie });
  check('… works on node B', onB.status === 200, `status ${onB.status}`);

  const fileBytes = Buffer.from(Array.from({ length: 20_000 }, (_, i) => `line ${i} of a shared file\n`).join(''));
  const form = new FormData();
  form.append('files', new Blob([fileBytes], { type: 'text/plain' }), 'shared.txt');
  const uploaded = await http(urlA, '/api/file/uploadFiles', { form, cookie });
  const file = Array.isArray(uploaded.body) ? (uploaded.body[0] as { fileId: number; blobId: string }) : undefined;
  const withFile = file ? await http(urlA, '/api/post/savePost', { json: { post: { text: 'With a file', teamId, audienceType: 3, fileIds: [file.fileId] } }, cookie }) : undefined;
  const served = file ? await fetch(`${urlB}/blobs/${file.blobId}`, { headers: { cookie } }) : undefined;
  const servedBytes = served ? Buffer.from(await served.arrayBuffer()) : Buffer.alloc(0);
  check(
    `a ${Math.round(fileBytes.byteLength / 1024)} KB file uploaded through node A is served by node B`,
    Boolean(file && withFile?.status === 200 && served?.status === 200 && Buffer.compare(servedBytes, fileBytes) === 0),
    `upload ${uploaded.status}, post ${withFile?.status}, served ${served?.status} with ${servedBytes.byteLength} bytes`,
  );

  const nobody = `nobody-${tag}@example.test`;
  const attempts: number[] = [];
  for (let i = 0; i < 11; i++) attempts.push((await login(i % 2 ? urlB : urlA, nobody, 'wrong-password-1', '203.0.113.9')).res.status);
  check('the login rate limit counts attempts on both nodes (10 refused as wrong, the 11th limited)', attempts.slice(0, 10).every((s) => s !== 429) && attempts[10] === 429, attempts.join(','));

  // 2. Two workers: a scheduled post published once, a reminder sent once.
  const at = new Date(Date.now() + 3000).toISOString();
  const scheduled = await http(lb, '/api/post/savePost', { json: { post: { text: 'Scheduled for the cluster', teamId, audienceType: 3, scheduledAt: at } }, cookie });
  const postId = scheduled.body?.postId as number | undefined;
  const published = postId
    ? await waitFor(
        'the scheduled post',
        async () => {
          const n = await db().selectFrom('notifications').select(['fanned_out_at']).where('post_id', '=', postId).execute();
          return n.length > 0 && n.every((x) => x.fanned_out_at !== null);
        },
        60_000,
      )
    : false;
  if (postId) await new Promise((r) => setTimeout(r, 1500)); // a second publish, if any, would land now
  const notes = postId ? await db().selectFrom('notifications').select('id').where('post_id', '=', postId).execute() : [];
  const delivered = notes.length
    ? await db().selectFrom('user_notifications').select('user_id').where('notification_id', 'in', notes.map((x) => x.id)).execute()
    : [];
  check(
    'a scheduled post is published exactly once with two workers',
    published && notes.length === 1 && delivered.length === members.length && new Set(delivered.map((d) => d.user_id)).size === members.length,
    `${notes.length} notification(s), ${delivered.length} deliveries to ${members.length} members`,
  );

  const zones = ['UTC', 'Asia/Tokyo', 'America/New_York', 'Asia/Kolkata', 'Europe/London', 'Pacific/Auckland', 'America/Los_Angeles'];
  const zone = zones.find((z) => {
    const m = localTimeIn(z, new Date()).minutes;
    return m >= 120 && m <= 21 * 60;
  })!;
  const reminded = await makeUser({ organisationId });
  await saveUserSettings(db(), reminded.userId, {
    TIME_ZONE: zone,
    EMAIL_ACTIVITIES_REMINDER_DAYS: '0123456',
    EMAIL_ACTIVITIES_REMINDER_TIME: '00:00',
    EMAIL_JOURNEY_REMINDER_ENABLED: 'false',
    EMAIL_LEDA_UPDATES_ENABLED: 'false',
    EMAIL_TEAM_DIGEST_ENABLED: 'false',
  } as never);
  await addMyActivity(db(), reminded.userId, { activityId: 1 });
  // Two sweeps at once, one per worker (different job ids), as two schedulers firing together would.
  const jobIds = [`cluster-reminders-1-${tag}`, `cluster-reminders-2-${tag}`];
  for (const jobId of jobIds) await shared.enqueue('reminders', {}, { jobId });
  await waitFor('both reminder sweeps', async () => (await Promise.all(jobIds.map((id) => shared.getJobProgress('reminders', id)))).every((p) => p?.state === 'completed'), 60_000);
  const reminders = await db().selectFrom('communications').select('id').where('kind', '=', 'reminder-activities').where('recipient', '=', reminded.email).execute();
  const ledger = await db().selectFrom('reminder_sends').select('user_id').where('user_id', '=', reminded.userId).execute();
  check('a reminder is sent exactly once by two workers sweeping together', reminders.length === 1 && ledger.length === 1, `${reminders.length} email(s), ${ledger.length} ledger row(s)`);

  // 3. kill -9 of node A under steady load.
  const load1 = startLoad(cookie, teamId, 'kill9');
  await new Promise((r) => setTimeout(r, 2500));
  A.child!.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 5000));
  const k = await load1.stop();
  const lost1 = await lostWrites(k.acknowledged);
  figures.push(`kill -9 of node A: ${k.requests} requests, ${k.failures} failed ${JSON.stringify(k.failedStatuses)}, ${k.acknowledged.length} acknowledged writes, ${lost1} lost`);
  check('kill -9 of one node under load: nginx moves to the other, 0 acknowledged writes lost', lost1 === 0 && k.failures <= LOAD_CONCURRENCY * 2 && k.acknowledged.length > 0, figures.at(-1)!);
  await startWeb(A);

  // 4. Rolling restart under load: SIGTERM B, start it again, then the same for A.
  const load2 = startLoad(cookie, teamId, 'rolling');
  await new Promise((r) => setTimeout(r, 1500));
  for (const node of [B, A]) {
    await stopChild(node.child!);
    await startWeb(node);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const r = await load2.stop();
  const lost2 = await lostWrites(r.acknowledged);
  figures.push(`rolling restart: ${r.requests} requests, ${r.failures} failed ${JSON.stringify(r.failedStatuses)}, ${r.acknowledged.length} acknowledged writes, ${lost2} lost`);
  check('a rolling restart (SIGTERM one node, then the other) fails 0 requests', r.failures === 0 && lost2 === 0 && r.requests > 0, figures.at(-1)!);

  // 5. A catalogue change (what the import and every catalogue writer do: rows, then the version).
  const skill = await db().selectFrom('skills').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
  const newName = `Listening ${tag}`;
  await db().updateTable('skills').set({ name: newName }).where('id', '=', skill.id).execute();
  await bumpCatalogueVersion(db());
  const changedAt = performance.now();
  const seenIn: Record<string, number> = {};
  await waitFor(
    'the catalogue change on both nodes',
    async () => {
      for (const [name, url] of [
        ['A', urlA],
        ['B', urlB],
      ] as const) {
        if (seenIn[name] !== undefined) continue;
        const page = await http(url, '/app/explore/skill', { cookie });
        if (page.text.includes(newName)) seenIn[name] = performance.now() - changedAt;
      }
      return Object.keys(seenIn).length === 2;
    },
    15_000,
  );
  const slowest = Math.max(seenIn.A ?? Infinity, seenIn.B ?? Infinity);
  check(
    `a catalogue change is seen on both nodes within the ${CACHE_INTERVAL_MS / 1000} s cache interval`,
    slowest <= CACHE_INTERVAL_MS + 1000,
    `A ${Math.round(seenIn.A ?? -1)} ms, B ${Math.round(seenIn.B ?? -1)} ms`,
  );
} catch (err) {
  check('the cluster test ran to its end', false, err instanceof Error ? err.stack ?? err.message : String(err));
} finally {
  const failed = results.filter((x) => !x.ok).length;
  console.log(`\nfigures:\n  ${figures.join('\n  ') || '(none)'}`);
  console.log(`took ${elapsed()}`);
  fs.mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
  fs.writeFileSync(
    path.join(repoRoot, 'test-results/cluster.json'),
    JSON.stringify({ numPassedTests: results.length - failed, numFailedTests: failed, numPendingTests: 0, figures, results }, null, 2),
  );
  if (failed) exitCode = 1;
  await cleanup();
  console.log(`cluster: ${results.length - failed} passed, ${failed} failed`);
}
process.exit(exitCode);

