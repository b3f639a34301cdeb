import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// Single sign-on per organisation (issue 26 s.1, docs/decisions/289-293): the organisation's identity
// provider (OpenID Connect or SAML 2.0; the client secret encrypted), the email domains that belong to
// it, the sign-ins under way (server-side state: only the state's SHA-256 is a key) and the SAML
// assertion ids and OIDC codes already used (replay refused).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organisation_sso')
    .addColumn('organisation_id', 'integer', (c) => c.primaryKey().references('organisations.id').onDelete('cascade'))
    .addColumn('protocol', 'varchar(8)', (c) => c.notNull().check(sql`protocol in ('oidc', 'saml')`))
    .addColumn('issuer', 'varchar(2000)')
    .addColumn('client_id', 'varchar(500)')
    .addColumn('client_secret_enc', 'text')
    .addColumn('metadata_url', 'varchar(2000)')
    .addColumn('metadata_xml', 'text')
    .addColumn('sso_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('default_team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('organisation_sso_default_team_idx').on('organisation_sso').column('default_team_id').execute();

  await db.schema
    .createTable('organisation_sso_domains')
    .addColumn('domain', 'varchar(253)', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisation_sso.organisation_id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('organisation_sso_domains_organisation_idx').on('organisation_sso_domains').column('organisation_id').execute();

  await db.schema
    .createTable('sso_states')
    .addColumn('state_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('protocol', 'varchar(8)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(200)')
    .addColumn('code_verifier', 'varchar(200)')
    .addColumn('request_id', 'varchar(200)')
    .addColumn('then_to', 'varchar(2000)')
    .addColumn('email_hint', 'varchar(320)')
    .addColumn('asserted_email', 'varchar(320)')
    .addColumn('asserted_first_name', 'varchar(200)')
    .addColumn('asserted_last_name', 'varchar(200)')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sso_states_organisation_idx').on('sso_states').column('organisation_id').execute();
  await db.schema.createIndex('sso_states_expires_idx').on('sso_states').column('expires_at').execute();

  await db.schema
    .createTable('sso_replays')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('value_hash', 'char(64)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_replays_pk', ['kind', 'value_hash'])
    .execute();
  await db.schema.createIndex('sso_replays_expires_idx').on('sso_replays').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_replays').execute();
  await db.schema.dropTable('sso_states').execute();
  await db.schema.dropTable('organisation_sso_domains').execute();
  await db.schema.dropTable('organisation_sso').execute();
}
