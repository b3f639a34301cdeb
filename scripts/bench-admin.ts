/**
 * The bench's admin people scenario (issue 14), called by scripts/bench.ts:
 *
 *  - on PostgreSQL (the bench's scratch database), `prepareAdmin` adds 2,000 organisations (licence
 *    types mixed, three teams each) and 50,000 users (most in an organisation and one of its teams,
 *    70% with a last login) in a few set-based statements, then ANALYZE;
 *  - it signs in the demo product admin and asks for each list view 20 times one after another
 *    (after two warm-ups), printing the median and slowest server time: the default page, a licence
 *    filter, the last-activity sort, a name search, a deep page; bench.ts also measures ADMIN_TARGETS
 *    with the other pages (throughput, CPU per request, queries).
 *
 * Target: under 100 ms of server time for every view at 50,000 users and 2,000 organisations.
 *
 * Then the jobs (`--jobs`, run by prepareAdmin in a child process of its own on the same database):
 *  - CSV import of 10,000 rows: the time from confirm to done and the process RSS before, at its peak
 *    and after (target: at most 20 s with flat memory);
 *  - a welcome batch to those 10,000 people delivered to a local SMTP sink (tests/support/smtp-server.ts):
 *    the time from the request to the last email received (target: under 60 s).
 *  Jobs run in-process (no REDIS_URL): the same processors the worker runs.
 *
 *   npx tsx scripts/bench-admin.ts --database-url postgres://... --base-url http://127.0.0.1:3000
 *   (against a running server whose database is that one; grows it, then times the views)
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';

export const GROWN_ADMIN = { organisations: 2000, teamsPerOrganisation: 3, users: 50_000 } as const;
const ADMIN = { email: 'admin@leda.test', password: 'leda-demo-2026' };
const state = { cookie: '' };

const VIEWS = [
  { name: 'user list', path: '/admin/user-list', marker: 'User list' },
  { name: 'user list, Full License', path: '/admin/user-list?license=full', marker: 'User list' },
  { name: 'user list, last activity', path: '/admin/user-list?sort=lastActivity&dir=desc', marker: 'User list' },
  { name: 'user list, name Z-A', path: '/admin/user-list?sort=name&dir=desc', marker: 'User list' },
  { name: 'user list, search "bench user 4"', path: '/admin/user-list?q=bench%20user%204', marker: 'User list' },
  { name: 'user list, page 1000', path: '/admin/user-list?page=1000', marker: 'User list' },
  { name: 'team list', path: '/admin/team-list', marker: 'Organisation and team list' },
  { name: 'team list, Trial, last activity', path: '/admin/team-list?license=trial&sort=lastActivity&dir=desc', marker: 'Organisation and team list' },
  { name: 'team list, search "team 77"', path: '/admin/team-list?q=team%2077', marker: 'Organisation and team list' },
] as const;

export const ADMIN_TARGETS = [
  {
    name: 'GET /admin/user-list (product admin; 50,000 users on PostgreSQL)',
    method: 'GET' as const,
    path: '/admin/user-list',
    headers: () => ({ accept: 'text/html', cookie: state.cookie }),
    expectStatus: 200,
    check: { what: 'the user list shows its count', test: (body: string) => body.includes('User list') && /\d+<\/strong>\s*(<!-- -->)?\s*users?/.test(body) },
  },
  {
    name: 'GET /admin/team-list (product admin; 2,000 organisations on PostgreSQL)',
    method: 'GET' as const,
    path: '/admin/team-list',
    headers: () => ({ accept: 'text/html', cookie: state.cookie }),
    expectStatus: 200,
    check: { what: 'the team list shows organisations', test: (body: string) => body.includes('Organisation and team list') },
  },
];

/** 2,000 organisations, 6,000 teams, 50,000 users with memberships, in set-based statements. */
export async function growAdminPeople(databaseUrl: string) {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { organisations, teamsPerOrganisation, users } = GROWN_ADMIN;
  try {
    await db.query('begin');
    await db.query(
      `insert into organisations (name, license_type, license_expired_at, created_at)
       select 'Bench Org ' || g, (array[null, 0, 1, 2, 3])[1 + g % 5], case when g % 3 = 0 then now() + interval '200 days' end,
              now() - (g || ' hours')::interval
       from generate_series(1, $1::int) g`,
      [organisations],
    );
    await db.query(
      `insert into teams (organisation_id, name, created_at)
       select o.id, 'Team ' || (o.id * 10 + t), o.created_at + (t || ' days')::interval
       from organisations o, generate_series(1, $1::int) t where o.name like 'Bench Org %'`,
      [teamsPerOrganisation],
    );
    await db.query(
      `with orgs as (select id, row_number() over (order by id) n from organisations where name like 'Bench Org %')
       insert into users (first_name, last_name, email, organisation_id, last_login_at, is_locked, created_at)
       select (array['Ann','Ben','Cara','Dan','Eve','Finn','Gia','Hugo'])[1 + g % 8], 'Bench User ' || g, 'bench-user-' || g || '@leda.test',
              orgs.id,
              case when g % 10 < 7 then now() - ((g % 400) || ' hours')::interval end,
              g % 97 = 0, now() - ((g % 5000) || ' minutes')::interval
       from generate_series(1, $1::int) g left join orgs on orgs.n = 1 + g % $2::int and g % 20 <> 0`,
      [users, organisations],
    );
    await db.query(
      `insert into team_users (team_id, user_id)
       select t.id, u.id from users u
       join lateral (select id from teams where organisation_id = u.organisation_id order by id limit 1) t on true
       where u.email like 'bench-user-%@leda.test'
       on conflict do nothing`,
    );
    await db.query('commit');
    await db.query('analyze');
  } catch (e) {
    await db.query('rollback');
    throw e;
  } finally {
    await db.end();
  }
}

async function signInAdmin(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const answer = (await res.json()) as { success?: boolean; token?: string | null; errorMsg?: string | null };
  if (!answer.success || !answer.token) throw new Error(`bench-admin: the demo product admin could not sign in: ${answer.errorMsg ?? res.status}`);
  return `leda_session=${answer.token}`;
}

/** Grows the scenario (PostgreSQL), signs the product admin in and prints each view's server time. */
export async function prepareAdmin(baseUrl: string, databaseUrl: string | undefined) {
  if (databaseUrl) {
    const started = performance.now();
    await growAdminPeople(databaseUrl);
    console.log(
      `admin lists: seeded ${GROWN_ADMIN.users.toLocaleString('en')} users and ${GROWN_ADMIN.organisations.toLocaleString('en')} organisations in ${((performance.now() - started) / 1000).toFixed(1)}s`,
    );
  }
  state.cookie = await signInAdmin(baseUrl);
  for (const view of VIEWS) {
    const times: number[] = [];
    let queries = '';
    for (let i = 0; i < 22; i++) {
      const t0 = performance.now();
      const res = await fetch(`${baseUrl}${view.path}`, { headers: { accept: 'text/html', cookie: state.cookie } });
      const body = await res.text();
      if (res.status !== 200 || !body.includes(view.marker)) throw new Error(`bench-admin: ${view.path} answered ${res.status}`);
      queries = res.headers.get('x-leda-queries') ?? queries;
      if (i >= 2) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `admin ${view.name}: median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, slowest ${times.at(-1)!.toFixed(1)} ms over ${times.length} requests${queries ? `, ${queries} queries` : ''} (target: under 100 ms)`,
    );
  }
  if (databaseUrl) {
    // The jobs in a process of their own (their env, their memory), on the bench's database.
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', new URL(import.meta.url).pathname, '--jobs', '--database-url', databaseUrl], { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'warn' } });
    if (run.status !== 0) throw new Error(`bench-admin --jobs exited ${run.status}`);
  }
}

export const JOB_TARGETS = { importRows: 10_000, importSeconds: 20, welcome: 10_000, welcomeSeconds: 60 } as const;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** `--jobs`: the CSV import and the welcome batch, in this process, on the database DATABASE_URL names. */
async function benchJobs(opts: { welcome: boolean }) {
  delete process.env.REDIS_URL; // in-process jobs: this measures the processors, not Redis
  const { startSmtpServer } = await import('../tests/support/smtp-server');
  const smtp = opts.welcome ? await startSmtpServer() : undefined;
  if (smtp) process.env.SMTP_URL = smtp.url;
  const shared = await import('@modules/shared/index.server');
  const admin = await import('@modules/admin/index.server');
  const identity = await import('@modules/identity/index.server');
  const { registerAllJobs } = await import('../jobs/registry');
  const { registerAllListeners } = await import('@modules/listeners.server');
  await shared.init();
  registerAllJobs();
  registerAllListeners();
  const db = shared.getDb();
  try {
    const tag = Date.now().toString(36);
    const organisationId = await identity.createOrganisation(db, { name: `Bench import ${tag}`, licenseType: 1, licenseExpiredAt: null });
    const teamId = await identity.createTeam(db, { organisationId, name: `Bench import ${tag}` });
    const lines = ['First Name,Last Name,Email,Job Title,Is this person the admin?'];
    for (let i = 0; i < JOB_TARGETS.importRows; i++) lines.push(`Bench,"Importee ${i}",bench-import-${tag}-${i}@leda.test,Analyst,no`);
    const importId = await admin.createImportPreview(db, null, { teamId, fileName: 'bench.csv', source: Readable.from([Buffer.from(lines.join('\r\n'))]) });
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    const t0 = performance.now();
    await admin.confirmImport(db, null, importId);
    await shared.drainInProcessJobs();
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const rssAfter = process.memoryUsage().rss;
    const result = await admin.getImport(db, importId);
    if (result?.status !== 'done' || result.created !== JOB_TARGETS.importRows) throw new Error(`bench-admin: the import ended ${result?.status} with ${result?.created} created`);
    console.log(
      `admin CSV import of ${JOB_TARGETS.importRows.toLocaleString('en')} rows: ${seconds.toFixed(1)} s from confirm to done (target: at most ${JOB_TARGETS.importSeconds} s); RSS ${mb(rssBefore)} before, ${mb(rssPeak)} at peak, ${mb(rssAfter)} after (target: flat)`,
    );

    if (smtp) {
      const users = await db.selectFrom('users').select('id').where('email', 'like', `bench-import-${tag}-%`).execute();
      const w0 = performance.now();
      await shared.enqueue('welcome-email-batch', { batchKey: `bench-${tag}`, userIds: users.map((u) => u.id) });
      await shared.drainInProcessJobs();
      const deadline = Date.now() + 15 * 60_000;
      while (smtp.messages.length < users.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const ws = (performance.now() - w0) / 1000;
      console.log(
        `admin welcome batch: ${smtp.messages.length.toLocaleString('en')} of ${users.length.toLocaleString('en')} emails at the local SMTP sink in ${ws.toFixed(1)} s (target: under ${JOB_TARGETS.welcomeSeconds} s)`,
      );
    }
  } finally {
    await shared.shutdown();
    await smtp?.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, 'base-url': { type: 'string' }, jobs: { type: 'boolean' }, 'no-welcome': { type: 'boolean' } } });
  if (values.jobs) {
    if (values['database-url']) process.env.DATABASE_URL = values['database-url'];
    await benchJobs({ welcome: !values['no-welcome'] });
  } else {
    if (!values['base-url']) throw new Error('Usage: npx tsx scripts/bench-admin.ts --base-url http://127.0.0.1:3000 [--database-url postgres://...] | --jobs [--no-welcome] [--database-url ...]');
    await prepareAdmin(values['base-url'], values['database-url']);
  }
}
