import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// The admin console's activity, content and journey lists: newest first by default (created_at with
// the id as tie-break), and sorted by name.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index activities_created_idx on activities (created_at desc, id desc)`.execute(db);
  await sql`create index activities_name_idx on activities (name, id)`.execute(db);
  await sql`create index contents_created_idx on contents (created_at desc, id desc)`.execute(db);
  await sql`create index journeys_name_idx on journeys (name, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists journeys_name_idx`.execute(db);
  await sql`drop index if exists contents_created_idx`.execute(db);
  await sql`drop index if exists activities_name_idx`.execute(db);
  await sql`drop index if exists activities_created_idx`.execute(db);
}
