import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
export async function up(db: Kysely<any>): Promise<void> {
  // Every change made in the admin console: who, what, to which entity, the state before and after.
  // actor_id keeps no foreign key (the log outlives a deleted account); actor_email is copied in.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_email', 'varchar(320)')
    .addColumn('action', 'varchar(100)', (c) => c.notNull())
    .addColumn('entity', 'varchar(100)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(100)')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_created_at_idx').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
}
