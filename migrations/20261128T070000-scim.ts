import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// SCIM 2.0 provisioning (docs/decisions/284-286): an organisation's bearer tokens (only their SHA-256),
// its SCIM settings (the admin group's name), and which users and teams a token provisioned, with the
// identity provider's userName and externalId.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scim_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('scim_tokens_organisation_idx').on('scim_tokens').columns(['organisation_id', 'created_at']).execute();

  await db.schema
    .createTable('scim_settings')
    .addColumn('organisation_id', 'integer', (c) => c.primaryKey().references('organisations.id').onDelete('cascade'))
    .addColumn('admin_group_name', 'varchar(200)')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('scim_users')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('user_name', 'varchar(320)', (c) => c.notNull())
    .addColumn('external_id', 'varchar(200)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index scim_users_user_name_idx on scim_users (organisation_id, lower(user_name))`.execute(db);
  await sql`create unique index scim_users_external_id_idx on scim_users (organisation_id, external_id) where external_id is not null`.execute(db);
  await db.schema.createIndex('scim_users_list_idx').on('scim_users').columns(['organisation_id', 'user_id']).execute();

  await db.schema
    .createTable('scim_groups')
    .addColumn('team_id', 'integer', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('external_id', 'varchar(200)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index scim_groups_external_id_idx on scim_groups (organisation_id, external_id) where external_id is not null`.execute(db);
  await db.schema.createIndex('scim_groups_list_idx').on('scim_groups').columns(['organisation_id', 'team_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scim_groups').execute();
  await db.schema.dropTable('scim_users').execute();
  await db.schema.dropTable('scim_settings').execute();
  await db.schema.dropTable('scim_tokens').execute();
}
