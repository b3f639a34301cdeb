import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// My Activities and Completed Activities are paged (20 cards a page, decision 232): each page reads
// only its rows, newest first, from an index that holds just that list, whatever else the learner has.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index my_activities_user_open_idx on my_activities (user_id, created_at desc, id desc) where completed_at is null`.execute(db);
  await sql`create index my_activities_user_done_idx on my_activities (user_id, completed_at desc, id desc) where completed_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists my_activities_user_done_idx`.execute(db);
  await sql`drop index if exists my_activities_user_open_idx`.execute(db);
}
