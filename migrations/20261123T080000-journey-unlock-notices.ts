import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// The ledger of Journey (3) notifications: one row per team and journey once its members were told
// the journey unlocked (decision 186). Keyed by team and journey, not by the schedule row, so
// re-saving a schedule (which replaces its rows) never notifies twice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('journey_unlock_notices')
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('journey_id', 'integer', (c) => c.notNull().references('journeys.id').onDelete('cascade'))
    .addColumn('notified_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('journey_unlock_notices_pkey', ['team_id', 'journey_id'])
    .execute();
  // The job's scan: entries with an unlock time, by that time.
  await sql`create index team_journeys_unlocked_idx on team_journeys (unlocked_at) where unlocked_at is not null and break_label is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists team_journeys_unlocked_idx`.execute(db);
  await db.schema.dropTable('journey_unlock_notices').ifExists().execute();
}
