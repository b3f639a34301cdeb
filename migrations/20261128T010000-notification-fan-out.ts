import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// Fan-out in a job (decision 258): one delivery per (notification, user) is the job's ledger, so a
// retried or killed job inserts with ON CONFLICT DO NOTHING; the audience the job still has to reach
// is kept on the notification until it is done (the sweep re-enqueues a fan-out whose job was lost).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index user_notifications_notification_user_uq on user_notifications (notification_id, user_id)`.execute(db);
  await sql`drop index if exists user_notifications_notification_idx`.execute(db);
  await sql`alter table notifications add column fan_out jsonb`.execute(db);
  await sql`alter table notifications add column fanned_out_at timestamptz`.execute(db);
  await sql`create index notifications_fan_out_pending_idx on notifications (id) where fan_out is not null and fanned_out_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists notifications_fan_out_pending_idx`.execute(db);
  await sql`alter table notifications drop column fanned_out_at`.execute(db);
  await sql`alter table notifications drop column fan_out`.execute(db);
  await sql`create index user_notifications_notification_idx on user_notifications (notification_id)`.execute(db);
  await sql`drop index if exists user_notifications_notification_user_uq`.execute(db);
}
