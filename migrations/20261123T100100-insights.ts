import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// Team insights (decision 190): the retention chart counts, per UTC week, the team members who
// used the app and their visit days. Reading a year of raw page views (2,000 users x 365 days =
// 730,000 rows) per page view is too slow, so a trigger on page_views keeps two small rollups:
//  - user_visit_days: one row per user and UTC day with at least one App page view (the ledger
//    that makes a second view on the same day count once);
//  - user_visit_weeks: per user and UTC week (Monday), the number of visit days.
// The insights page reads user_visit_weeks (2,000 users x 52 weeks = 104,000 rows at most per
// team and year, by primary key). Existing page views are backfilled.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_visit_days')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_visit_days_pkey', ['user_id', 'day'])
    .execute();
  await db.schema
    .createTable('user_visit_weeks')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('week_start', 'date', (c) => c.notNull())
    .addColumn('visit_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_visit_weeks_pkey', ['user_id', 'week_start'])
    .execute();

  await sql`
    create or replace function leda_record_visit() returns trigger language plpgsql as $$
    declare
      d date := (new.created_at at time zone 'UTC')::date;
      n integer;
    begin
      if new.user_id is null or new.category <> 'App' then
        return null;
      end if;
      insert into user_visit_days (user_id, day) values (new.user_id, d) on conflict do nothing;
      get diagnostics n = row_count;
      if n > 0 then
        insert into user_visit_weeks (user_id, week_start, visit_days)
        values (new.user_id, date_trunc('week', d)::date, 1)
        on conflict (user_id, week_start) do update set visit_days = user_visit_weeks.visit_days + 1;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger page_views_record_visit after insert on page_views for each row execute function leda_record_visit()`.execute(db);

  await sql`
    insert into user_visit_days (user_id, day)
    select distinct user_id, (created_at at time zone 'UTC')::date from page_views
    where user_id is not null and category = 'App'
    on conflict do nothing`.execute(db);
  await sql`
    insert into user_visit_weeks (user_id, week_start, visit_days)
    select user_id, date_trunc('week', day)::date, count(*) from user_visit_days group by 1, 2
    on conflict (user_id, week_start) do update set visit_days = excluded.visit_days`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists page_views_record_visit on page_views`.execute(db);
  await sql`drop function if exists leda_record_visit()`.execute(db);
  await db.schema.dropTable('user_visit_weeks').ifExists().execute();
  await db.schema.dropTable('user_visit_days').ifExists().execute();
}
