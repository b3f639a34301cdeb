/**
 * The bench's team insights scenario (issue 13), called by scripts/bench.ts:
 *
 *  - on PostgreSQL (the bench's scratch database), `prepareInsights` creates 'Insights Bench Team'
 *    in the demo organisation with 2,000 members, each with a visit on every one of the last 365
 *    days (730,000 App page views; the visit rollups the page_views trigger keeps are filled in
 *    one set-based statement, as the trigger would row by row) and a mix of completed, in progress
 *    and not started journeys on the Leadership Team's schedule; the demo organisation admin joins
 *    it and signs in;
 *  - on the embedded database it uses the demo Leadership Team (the seed's twelve weeks of visits);
 *  - it then asks for the page 20 times one after another and prints the median and slowest
 *    response time (the server's time: same machine, no network), and bench.ts measures
 *    INSIGHTS_TARGETS with the other pages (throughput, CPU per request, queries).
 *
 * Target: under 100 ms of server time for the insights page of 2,000 users x 365 days.
 */
import { performance } from 'node:perf_hooks';

export const GROWN_INSIGHTS = { members: 2000, days: 365 } as const;
const ORG_ADMIN = { email: 'orgadmin@leda.test', password: 'leda-demo-2026' };
const state = { teamId: 1, cookie: '', label: 'demo Leadership Team' };

const insightsPath = () => `/app/team/${state.teamId}/insights?weeks=52`;

export const INSIGHTS_TARGETS = [
  {
    name: 'GET /app/team/{id}/insights (org admin; 2,000 members × 365 days on PostgreSQL)',
    method: 'GET' as const,
    path: insightsPath,
    headers: () => ({ accept: 'text/html', cookie: state.cookie }),
    expectStatus: 200,
    check: { what: 'the insights page shows both charts', test: (body: string) => body.includes('Retention') && body.includes('Journey progress') },
  },
];

export async function growInsightsTeam(databaseUrl: string) {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    const org = (await db.query<{ organisation_id: number }>('select organisation_id from teams where id = 1')).rows[0];
    if (!org) throw new Error('bench-insights: no team 1 (seed first).');
    const team = await db.query<{ id: number }>(`insert into teams (organisation_id, name) values ($1, 'Insights Bench Team') returning id`, [org.organisation_id]);
    const teamId = team.rows[0]!.id;
    await db.query(
      `insert into users (first_name, last_name, email, organisation_id)
       select 'Insight', 'Member ' || g, 'bench-insights-' || g || '@leda.test', $1 from generate_series(1, $2::int) g`,
      [org.organisation_id, GROWN_INSIGHTS.members],
    );
    await db.query(`insert into team_users (team_id, user_id) select $1, id from users where email like 'bench-insights-%@leda.test'`, [teamId]);
    await db.query(`insert into team_users (team_id, user_id) select $1, id from users where email = $2`, [teamId, ORG_ADMIN.email]);
    await db.query(
      `insert into team_journeys (team_id, journey_id, ordinal, scheduled_at, unlocked_at, length_days, break_label)
       select $1, journey_id, ordinal, scheduled_at, unlocked_at, length_days, break_label from team_journeys where team_id = 1`,
      [teamId],
    );
    // Journeys: a third completed the first scheduled journey, a third has it in progress; a quarter started the second.
    await db.query(
      `with j as (select journey_id, row_number() over (order by ordinal, id) n from team_journeys where team_id = $1 and break_label is null and journey_id <> 1000)
       insert into user_journeys (user_id, journey_id, completed_at)
       select tu.user_id, j.journey_id, case when j.n = 1 and tu.user_id % 3 = 0 then now() - interval '3 days' end
       from team_users tu join j on (j.n = 1 and tu.user_id % 3 <> 2) or (j.n = 2 and tu.user_id % 4 = 0)
       where tu.team_id = $1 on conflict do nothing`,
      [teamId],
    );
    // A visit a day for a year: the raw page views, then the rollups in one statement each (the trigger's work, set-based).
    await db.query('alter table page_views disable trigger page_views_record_visit');
    await db.query(
      `insert into page_views (path, category, user_id, created_at)
       select '/app/team', 'App', u.id, now() - (d || ' days')::interval - ((u.id % 600) || ' minutes')::interval
       from users u, generate_series(0, $1::int - 1) d where u.email like 'bench-insights-%@leda.test'`,
      [GROWN_INSIGHTS.days],
    );
    await db.query('alter table page_views enable trigger page_views_record_visit');
    await db.query(
      `insert into user_visit_days (user_id, day)
       select distinct pv.user_id, (pv.created_at at time zone 'UTC')::date from page_views pv
       join team_users tu on tu.user_id = pv.user_id and tu.team_id = $1 where pv.category = 'App' on conflict do nothing`,
      [teamId],
    );
    await db.query(
      `insert into user_visit_weeks (user_id, week_start, visit_days)
       select d.user_id, date_trunc('week', d.day)::date, count(*) from user_visit_days d
       join team_users tu on tu.user_id = d.user_id and tu.team_id = $1 group by 1, 2
       on conflict (user_id, week_start) do update set visit_days = excluded.visit_days`,
      [teamId],
    );
    await db.query('commit');
    await db.query('analyze');
    return teamId;
  } catch (e) {
    await db.query('rollback');
    throw e;
  } finally {
    await db.end();
  }
}

async function signInOrgAdmin(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ORG_ADMIN) });
  const answer = (await res.json()) as { success?: boolean; token?: string | null; errorMsg?: string | null };
  if (!answer.success || !answer.token) throw new Error(`bench-insights: the demo organisation admin could not sign in: ${answer.errorMsg ?? res.status}`);
  return `leda_session=${answer.token}`;
}

/** bench.ts's --only / --except (name parts): is the insights target left out of this run? */
function leftOut(argv = process.argv) {
  const value = (flag: string) => {
    const i = argv.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
    if (i < 0) return null;
    return (argv[i]!.includes('=') ? argv[i]!.split('=')[1]! : (argv[i + 1] ?? '')).toLowerCase().split(',').filter(Boolean);
  };
  const name = INSIGHTS_TARGETS[0]!.name.toLowerCase();
  const only = value('--only');
  const except = value('--except');
  return (only !== null && !only.some((o) => name.includes(o))) || (except ?? []).some((e) => name.includes(e));
}

/** Grows the scenario (PostgreSQL), signs the organisation admin in and prints the page's server time. */
export async function prepareInsights(baseUrl: string, databaseUrl: string | undefined) {
  if (leftOut()) return;
  if (databaseUrl) {
    const started = performance.now();
    state.teamId = await growInsightsTeam(databaseUrl);
    state.label = `${GROWN_INSIGHTS.members.toLocaleString('en')} members × ${GROWN_INSIGHTS.days} days of visits`;
    console.log(`insights: seeded ${state.label} in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  }
  state.cookie = await signInOrgAdmin(baseUrl);
  const times: number[] = [];
  let queries = '';
  for (let i = 0; i < 22; i++) {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}${insightsPath()}`, { headers: { accept: 'text/html', cookie: state.cookie } });
    const body = await res.text();
    if (res.status !== 200 || !body.includes('Journey progress')) throw new Error(`bench-insights: the insights page answered ${res.status}`);
    queries = res.headers.get('x-leda-queries') ?? queries;
    if (i >= 2) times.push(performance.now() - t0); // two warm-up requests
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `insights page (${state.label}, 52 weeks): median ${median.toFixed(1)} ms, slowest ${times.at(-1)!.toFixed(1)} ms over ${times.length} requests${queries ? `, ${queries} queries` : ''} (target: under 100 ms)`,
  );
}
