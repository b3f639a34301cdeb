import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// Team presets (admin-console s.3): a preset's ordered journeys (breaks as journey 1000 with a label)
// and its posts (scheduledIn days from the start, a wall-clock time, files). Preset 1 is the default
// preset the team forms pick; the demo seed fills its 6-month programme once journeys exist.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('presets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index presets_name_idx on presets (lower(name), id)`.execute(db);
  await sql`insert into presets (id, name, description) values (1, 'Default 6-month programme', 'Six leadership journeys over six months, with a mid-programme break and a welcome post.')`.execute(db);
  await sql`select setval(pg_get_serial_sequence('presets', 'id'), (select max(id) from presets))`.execute(db);

  await db.schema
    .createTable('preset_journeys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('preset_id', 'integer', (c) => c.notNull().references('presets.id').onDelete('cascade'))
    .addColumn('journey_id', 'integer', (c) => c.notNull().references('journeys.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('length_days', 'integer', (c) => c.notNull().defaultTo(0).check(sql`length_days >= 0`))
    .addColumn('nb_weeks_before_unlock', 'integer', (c) => c.notNull().defaultTo(0).check(sql`nb_weeks_before_unlock between 0 and 4 or nb_weeks_before_unlock = 1000`))
    .addColumn('break_label', 'varchar(120)')
    .execute();
  await sql`create index preset_journeys_preset_idx on preset_journeys (preset_id, ordinal, id)`.execute(db);

  await db.schema
    .createTable('preset_posts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('preset_id', 'integer', (c) => c.notNull().references('presets.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scheduled_in', 'integer', (c) => c.notNull().defaultTo(0).check(sql`scheduled_in >= 0`))
    .addColumn('time', 'varchar(8)', (c) => c.notNull().defaultTo('09:00:00'))
    .addColumn('is_leda_official', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index preset_posts_preset_idx on preset_posts (preset_id, scheduled_in, id)`.execute(db);

  await db.schema
    .createTable('preset_post_files')
    .addColumn('preset_post_id', 'integer', (c) => c.notNull().references('preset_posts.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('ordinal', 'smallint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('preset_post_files_pkey', ['preset_post_id', 'file_id'])
    .execute();
  await sql`create index preset_post_files_file_idx on preset_post_files (file_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['preset_post_files', 'preset_posts', 'preset_journeys', 'presets']) await db.schema.dropTable(t).execute();
}
