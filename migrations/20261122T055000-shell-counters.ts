import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// The app shell's counters: my activities (activities module) and user notifications (social module).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('my_activities')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source_activity_id', 'integer')
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('journey_step_id', 'integer')
    .addColumn('is_generated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('my_activities_user_completed_idx').on('my_activities').columns(['user_id', 'completed_at']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type between 1 and 6`))
    .addColumn('title', 'varchar(250)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'varchar(2000)')
    .addColumn('journey_id', 'integer')
    .addColumn('post_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('user_notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seen_at', 'timestamptz')
    .addColumn('actioned_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('user_notifications_user_seen_idx').on('user_notifications').columns(['user_id', 'seen_at']).execute();
  await sql`create index user_notifications_user_created_idx on user_notifications (user_id, created_at desc)`.execute(db);
  await db.schema.createIndex('user_notifications_notification_idx').on('user_notifications').column('notification_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['user_notifications', 'notifications', 'my_activities']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
