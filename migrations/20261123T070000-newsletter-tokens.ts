import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
export async function up(db: Kysely<any>): Promise<void> {
  // Newsletter subscribe/unsubscribe take effect only through an emailed link: a single-use token per
  // request, stored as its SHA-256 (like one_time_tokens, which belong to user accounts).
  await db.schema
    .createTable('newsletter_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('action', 'varchar(20)', (c) => c.notNull().check(sql`action in ('subscribe', 'unsubscribe')`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('newsletter_tokens_expires_at_idx').on('newsletter_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_tokens').execute();
}
