/**
 * `npm run bench:fanout` (issue 28 §2, decision 258; needs `npm run build` first): an
 * organisation-wide post to 100,000 members through the BUILT server, delivered by one
 * `npm run worker`, on a scratch PostgreSQL database and a Redis prefix of its own.
 * Prints the author's request time (target < 100 ms) and the time until every member has the
 * notification (target < 30 s), then checks each member got it exactly once.
 *
 *   npx tsx scripts/bench-fanout.ts [--members 100000]
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createScratchDatabase, dropRedisKeys, freePort, serverEntry, spawnLogged, stopChild, tail, waitForServer } from './lib/server-process';

const { values: args } = parseArgs({ options: { members: { type: 'string', default: '100000' } } });
const MEMBERS = Math.max(1, Number(args.members) || 100_000);
const BASE_DB = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const tag = randomBytes(4).toString('hex');
const prefix = `leda-fanout-${tag}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-fanout-'));
const logFile = path.join(work, 'fanout.log');
const scratch = await createScratchDatabase(BASE_DB, `leda_fanout_${tag}`);
Object.assign(process.env, { DATABASE_URL: scratch.url, REDIS_URL, REDIS_PREFIX: prefix, DATA_DIR: work, LOG_LEVEL: 'warn', APP_ENV: 'staging' });

const shared = await import('@modules/shared/index.server');
const { makeOrganisation, makeUser, TEST_PASSWORD } = await import('../tests/support/factories');
const { insertBulkUsers } = await import('../tests/support/bulk-users');

const children: ReturnType<typeof spawnLogged>[] = [];
let code = 0;
try {
  await shared.init({ migrate: true });
  const db = shared.getDb();
  const organisationId = await makeOrganisation();
  const author = await makeUser({ organisationId, isOrganisationAdmin: true });
  const { makeTeam } = await import('../tests/support/factories');
  const { teamId } = await makeTeam({ organisationId });
  await db.insertInto('team_users').values({ team_id: teamId, user_id: author.userId, is_team_admin: true } as never).execute();
  const t0 = performance.now();
  await insertBulkUsers(db, organisationId, MEMBERS);
  console.log(`${MEMBERS.toLocaleString('en')} members made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  const web = spawnLogged(process.execPath, [serverEntry], env, logFile);
  children.push(web);
  await waitForServer(`${base}/`, web, logFile);
  const workerLog = path.join(work, 'worker.log');
  const worker = spawnLogged(process.execPath, ['--import', 'tsx', 'jobs/worker.ts'], { ...env, LOG_LEVEL: 'info' }, workerLog);
  children.push(worker);
  while (!tail(workerLog, 100).includes('worker started')) {
    if (worker.exitCode !== null) throw new Error(`the worker exited:\n${tail(workerLog)}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: author.email, password: TEST_PASSWORD }) });
  const token = ((await login.json()) as { token: string }).token;
  const post = async (text: string, audience: Record<string, number> = { audienceType: 2, organisationId }) => {
    const s = performance.now();
    const res = await fetch(`${base}/api/post/savePost`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': token },
      body: JSON.stringify({ post: { text, ...audience } }),
    });
    const body = (await res.json()) as { postId?: number; errorMsg?: string };
    if (!res.ok || !body.postId) throw new Error(`savePost answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - s, postId: body.postId, sentAt: s };
  };
  // A warm-up post to a small team (a fresh server compiles each statement once), then the measured one.
  const warm = await post('Warm-up', { audienceType: 3, teamId });
  await new Promise((r) => setTimeout(r, 1000));
  const { ms, postId, sentAt } = await post('Hello, everyone');
  const note = await db.selectFrom('notifications').select('id').where('post_id', '=', postId).executeTakeFirstOrThrow();
  let deliveredMs = Infinity;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const row = await db.selectFrom('notifications').select('fanned_out_at').where('id', '=', note.id).executeTakeFirstOrThrow();
    if (row.fanned_out_at) {
      deliveredMs = performance.now() - sentAt;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const counts = await db
    .selectFrom('user_notifications')
    .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.count<number>('user_id').distinct().as('users')])
    .where('notification_id', '=', note.id)
    .executeTakeFirstOrThrow();
  const rows = Number(counts.rows);
  const users = Number(counts.users);
  console.log(`warm-up post request: ${warm.ms.toFixed(0)} ms`);
  console.log(`author's request (org-wide post, ${MEMBERS.toLocaleString('en')} members): ${ms.toFixed(1)} ms (target < 100 ms)`);
  console.log(`fully delivered after: ${(deliveredMs / 1000).toFixed(1)} s (target < 30 s); ${rows.toLocaleString('en')} deliveries to ${users.toLocaleString('en')} users`);
  if (!(ms < 100 && deliveredMs < 30_000 && rows === MEMBERS && users === MEMBERS)) code = 1;
} catch (err) {
  console.error(err);
  code = 1;
} finally {
  for (const c of children) await stopChild(c);
  await shared.shutdown().catch(() => undefined);
  await dropRedisKeys(REDIS_URL, prefix).catch(() => undefined);
  await scratch.drop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(code);
