import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// User settings (learner-app 3: keys with text values), the reminder ledger (at most one email per
// user, kind and local day; decision 199) and the hashed one-click unsubscribe tokens (decision 200).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_settings_pkey', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('reminder_sends')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('local_date', 'date', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('reminder_sends_pkey', ['user_id', 'kind', 'local_date'])
    .execute();
  // "When did this user last get this kind" (journey reminders wait a week, news a month).
  await sql`create index reminder_sends_user_kind_sent_idx on reminder_sends (user_id, kind, sent_at desc)`.execute(db);

  await db.schema
    .createTable('unsubscribe_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index unsubscribe_tokens_expires_idx on unsubscribe_tokens (expires_at)`.execute(db);
  await sql`create index unsubscribe_tokens_user_idx on unsubscribe_tokens (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('unsubscribe_tokens').ifExists().execute();
  await db.schema.dropTable('reminder_sends').ifExists().execute();
  await db.schema.dropTable('user_settings').ifExists().execute();
}
