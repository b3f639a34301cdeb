import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
export async function up(db: Kysely<any>): Promise<void> {
  // Per-entity delayed jobs (scheduled posts, reminders): the row is the truth, the timer or the
  // BullMQ delayed job only wakes it up; a sweep runs rows whose wake-up was lost.
  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('id', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('run_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('scheduled_jobs_run_at_idx').on('scheduled_jobs').column('run_at').execute();
  // Communications: how often delivery was tried and when the row last changed, so the sweep can
  // resend what a lost job left queued, sending or failed, and give up after a bounded number of tries.
  await db.schema
    .alterTable('communications')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index communications_undelivered_idx on communications (updated_at) where status in ('queued', 'sending', 'failed')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists communications_undelivered_idx`.execute(db);
  await db.schema.alterTable('communications').dropColumn('attempts').dropColumn('updated_at').execute();
  await db.schema.dropTable('scheduled_jobs').ifExists().execute();
}
