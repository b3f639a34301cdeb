import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
export async function up(db: Kysely<any>): Promise<void> {
  // A CSV import into a team (admin team editor): the preview, then the job's progress and result.
  await db.schema
    .createTable('team_imports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('preview'))
    .addColumn('total_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processed_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index team_imports_team_idx on team_imports (team_id, id desc)`.execute(db);
  // One row per CSV record: its preview status, then (the ledger) what the import did with it.
  await db.schema
    .createTable('team_import_rows')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('team_imports.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('first_name', 'varchar(250)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(250)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('job_title', 'varchar(250)')
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('preview_status', 'varchar(20)', (c) => c.notNull())
    .addColumn('result', 'varchar(20)')
    .addColumn('message', 'text')
    // A created user's 'user.created' fact was announced (the Welcome notification), after the import.
    .addColumn('welcomed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('team_import_rows_pkey', ['import_id', 'row_number'])
    .execute();
  // The import job's next batch: rows of one import not yet done, in file order.
  await sql`create index team_import_rows_pending_idx on team_import_rows (import_id, row_number) where result is null`.execute(db);
  await sql`create index team_import_rows_welcome_idx on team_import_rows (import_id, row_number) where result = 'created' and not welcomed`.execute(db);
  await sql`create index team_import_rows_email_idx on team_import_rows (import_id, email)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('team_import_rows').ifExists().execute();
  await db.schema.dropTable('team_imports').ifExists().execute();
}
