import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// Erasure (issue 27 s.3, docs/decisions/262): users.erased_at marks an erased account (its row stays,
// anonymised, so learning records keep their owner without an identity); erasure_requests holds a
// person's own request, performed by housekeeping at due_at unless withdrawn (the row deleted).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('erased_at', 'timestamptz').execute();
  await db.schema
    .createTable('erasure_requests')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('erasure_requests_due_idx').on('erasure_requests').column('due_at').execute();
  // Retention (issue 27 s.4): old page views and communications are found by age.
  await sql`create index if not exists page_views_created_at_idx on page_views (created_at)`.execute(db);
  await sql`create index if not exists page_events_created_at_idx on page_events (created_at)`.execute(db);
  await sql`create index if not exists communications_created_at_idx on communications (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists communications_created_at_idx`.execute(db);
  await sql`drop index if exists page_events_created_at_idx`.execute(db);
  await sql`drop index if exists page_views_created_at_idx`.execute(db);
  await db.schema.dropTable('erasure_requests').execute();
  await db.schema.alterTable('users').dropColumn('erased_at').execute();
}
