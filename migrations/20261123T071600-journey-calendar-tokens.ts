import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// A learner's private calendar feed of their teams' journey schedules: one revocable token per user,
// stored as its SHA-256 (the token itself is only ever in the feed URL shown to the learner).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('journey_calendar_tokens')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('journey_calendar_tokens').execute();
}
