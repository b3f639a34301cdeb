import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organisations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('license_type', 'smallint', (c) => c.check(sql`license_type between 0 and 3`))
    .addColumn('license_expired_at', 'timestamptz')
    .addColumn('license_notes', 'text')
    .addColumn('is_private_users', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('first_name', 'varchar(250)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(250)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)')
    .addColumn('job_title', 'varchar(250)')
    .addColumn('bio', 'text')
    .addColumn('profile_photo_blob_id', 'varchar(80)')
    .addColumn('password_hash', 'text')
    .addColumn('password_updated_at', 'timestamptz')
    .addColumn('is_leda_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('organisation_id', 'integer', (c) => c.references('organisations.id').onDelete('set null'))
    .addColumn('is_organisation_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_lower_key on users (lower(email))`.execute(db);
  await db.schema.createIndex('users_organisation_idx').on('users').column('organisation_id').execute();
  await db.schema.createIndex('users_created_at_idx').on('users').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('is_disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('teams_organisation_idx').on('teams').column('organisation_id').execute();

  await db.schema
    .createTable('team_users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_team_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('team_users_team_user_key', ['team_id', 'user_id'])
    .execute();
  await db.schema.createIndex('team_users_user_idx').on('team_users').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('one_time_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('one_time_tokens_user_idx').on('one_time_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('communications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('message_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('recipient', 'varchar(320)', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index communications_recipient_idx on communications (lower(recipient), created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['communications', 'one_time_tokens', 'sessions', 'team_users', 'teams', 'users', 'organisations']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
