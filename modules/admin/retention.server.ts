import { sql } from 'kysely';
import { DAY, loadEnv, type Db } from '@modules/shared/index.server';

/**
 * Retention (issue 27 s.4, docs/decisions/263), run by the hourly housekeeping job with the periods of
 * RETENTION_* (README, Environment):
 * - raw page views and events older than RETENTION_PAGE_VIEWS_MONTHS (13) go; the App visits among
 *   them are first rolled into user_visit_days/weeks (the trigger did so at insert; this makes sure);
 * - communications older than RETENTION_EMAIL_BODIES_MONTHS (12) lose their body; the ledger row stays;
 * - one-time, feedback, newsletter and unsubscribe tokens expired or used RETENTION_TOKENS_DAYS (30) ago go;
 * - finished CSV imports older than RETENTION_IMPORT_FILES_DAYS (30) lose their rows (the file's
 *   contents); the import's summary stays.
 * Each delete runs in batches so one run never holds a long lock. Safe to run twice.
 */
export interface RetentionPeriods {
  pageViewsMonths: number;
  emailBodiesMonths: number;
  tokensDays: number;
  importFilesDays: number;
}

export const EMAIL_BODY_REMOVED = '';
const BATCH = 5_000;

export function retentionPeriods(): RetentionPeriods {
  const env = loadEnv();
  return {
    pageViewsMonths: env.RETENTION_PAGE_VIEWS_MONTHS,
    emailBodiesMonths: env.RETENTION_EMAIL_BODIES_MONTHS,
    tokensDays: env.RETENTION_TOKENS_DAYS,
    importFilesDays: env.RETENTION_IMPORT_FILES_DAYS,
  };
}

const monthsBefore = (now: Date, months: number) => {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};

export interface RetentionResult {
  pageViews: number;
  pageEvents: number;
  emailBodies: number;
  tokens: number;
  importRows: number;
}

export async function applyRetention(db: Db, periods: RetentionPeriods = retentionPeriods(), now = new Date()): Promise<RetentionResult> {
  const viewsBefore = monthsBefore(now, periods.pageViewsMonths);
  const tokensBefore = new Date(now.getTime() - periods.tokensDays * DAY);
  const importsBefore = new Date(now.getTime() - periods.importFilesDays * DAY);
  const result: RetentionResult = { pageViews: 0, pageEvents: 0, emailBodies: 0, tokens: 0, importRows: 0 };

  for (;;) {
    const n = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`
        select id from page_views where created_at < ${viewsBefore} order by id limit ${BATCH} for update skip locked`.execute(trx);
      if (rows.length === 0) return 0;
      const ids = rows.map((r) => r.id);
      const fresh = await sql<{ user_id: number; day: string }>`
        insert into user_visit_days (user_id, day)
        select distinct user_id, (created_at at time zone 'UTC')::date from page_views
        where id in (${sql.join(ids)}) and user_id is not null and category = 'App'
        on conflict do nothing
        returning user_id, to_char(day, 'YYYY-MM-DD') as day`.execute(trx);
      for (const d of fresh.rows) {
        await sql`
          insert into user_visit_weeks (user_id, week_start, visit_days) values (${d.user_id}, date_trunc('week', ${d.day}::date)::date, 1)
          on conflict (user_id, week_start) do update set visit_days = user_visit_weeks.visit_days + 1`.execute(trx);
      }
      await trx.deleteFrom('page_views').where('id', 'in', ids).execute();
      return ids.length;
    });
    result.pageViews += n;
    if (n < BATCH) break;
  }
  result.pageEvents = await batched(() =>
    db.deleteFrom('page_events').where('id', 'in', (eb) => eb.selectFrom('page_events').select('id').where('created_at', '<', viewsBefore).limit(BATCH)).executeTakeFirst(),
  );
  const emailsBefore = monthsBefore(now, periods.emailBodiesMonths);
  result.emailBodies = await batched(() =>
    db
      .updateTable('communications')
      .set({ html: EMAIL_BODY_REMOVED, text: null })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('communications')
          .select('id')
          .where('created_at', '<', emailsBefore)
          .where((w) => w.or([w('html', '!=', EMAIL_BODY_REMOVED), w('text', 'is not', null)]))
          .limit(BATCH),
      )
      .executeTakeFirst(),
  );
  const expiredOrUsed = <T extends 'one_time_tokens' | 'feedback_tokens' | 'newsletter_tokens'>(table: T) =>
    db
      .deleteFrom(table as 'one_time_tokens')
      .where((eb) => eb.or([eb('expires_at', '<', tokensBefore), eb('used_at', '<', tokensBefore)]))
      .executeTakeFirst();
  for (const table of ['one_time_tokens', 'feedback_tokens', 'newsletter_tokens'] as const) result.tokens += Number((await expiredOrUsed(table)).numDeletedRows);
  result.tokens += Number((await db.deleteFrom('unsubscribe_tokens').where('expires_at', '<', tokensBefore).executeTakeFirst()).numDeletedRows);
  result.importRows = Number(
    (
      await db
        .deleteFrom('team_import_rows')
        .where('import_id', 'in', (eb) =>
          eb
            .selectFrom('team_imports')
            .select('id')
            .where('status', 'in', ['done', 'failed', 'incomplete'])
            .where((w) => w.or([w('finished_at', '<', importsBefore), w.and([w('finished_at', 'is', null), w('updated_at', '<', importsBefore)])])),
        )
        .executeTakeFirst()
    ).numDeletedRows,
  );
  return result;
}

async function batched(step: () => Promise<{ numUpdatedRows?: bigint; numDeletedRows?: bigint }>): Promise<number> {
  let total = 0;
  for (;;) {
    const r = await step();
    const n = Number(r.numUpdatedRows ?? r.numDeletedRows ?? 0n);
    total += n;
    if (n < BATCH) return total;
  }
}
