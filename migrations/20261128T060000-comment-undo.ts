import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// A deleted comment can be undone for 10 minutes (decision 281): deleted_at marks it gone, a sweep
// removes it for good later. A comment's notification names the comment, so deleting the comment
// removes the notification with it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table post_comments add column deleted_at timestamptz`.execute(db);
  await sql`alter table notifications add column post_comment_id integer references post_comments(id) on delete cascade`.execute(db);
  await sql`create index notifications_post_comment_idx on notifications (post_comment_id) where post_comment_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists notifications_post_comment_idx`.execute(db);
  await sql`alter table notifications drop column post_comment_id`.execute(db);
  await sql`alter table post_comments drop column deleted_at`.execute(db);
}
