import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// The activity catalogue (activities, tasks, fields, options, skills), a learner's own copies
// (my activity tasks, fields, options, skills) and chapters' related activities.
export async function up(db: Kysely<any>): Promise<void> {
  const serial = (name: string) => db.schema.createTable(name).addColumn('id', 'serial', (c) => c.primaryKey());

  await serial('activities')
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('overview', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_global', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index activities_global_idx on activities (is_featured desc, name) where is_global`.execute(db);

  await serial('activity_tasks')
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('html_content', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('activity_tasks_ordinal_key', ['activity_id', 'ordinal'])
    .execute();

  const fieldColumns = (t: CreateTableBuilder<string, string>): CreateTableBuilder<string, string> =>
    t
      .addColumn('ordinal', 'integer', (c) => c.notNull())
      .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type between 1 and 11`))
      .addColumn('label', 'varchar(250)', (c) => c.notNull().defaultTo(''))
      .addColumn('placeholder', 'varchar(250)', (c) => c.notNull().defaultTo(''))
      .addColumn('html_help', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('min', 'varchar(50)')
      .addColumn('max', 'varchar(50)');

  await fieldColumns(serial('activity_task_fields').addColumn('task_id', 'integer', (c) => c.notNull().references('activity_tasks.id').onDelete('cascade')))
    .addUniqueConstraint('activity_task_fields_ordinal_key', ['task_id', 'ordinal'])
    .execute();
  await serial('activity_task_field_options')
    .addColumn('field_id', 'integer', (c) => c.notNull().references('activity_task_fields.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('label', 'varchar(250)', (c) => c.notNull())
    .addUniqueConstraint('activity_task_field_options_ordinal_key', ['field_id', 'ordinal'])
    .execute();
  await serial('activity_skills')
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addUniqueConstraint('activity_skills_key', ['activity_id', 'skill_id'])
    .execute();

  // My activities: the list is newest first; a journey step asks "completed one of these since X?".
  await sql`create index my_activities_user_created_idx on my_activities (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index my_activities_user_source_completed_idx on my_activities (user_id, source_activity_id, completed_at) where completed_at is not null`.execute(db);
  await sql`create index my_activities_source_idx on my_activities (source_activity_id)`.execute(db);

  await db.schema
    .createTable('my_activity_skills')
    .addColumn('my_activity_id', 'integer', (c) => c.notNull().references('my_activities.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('my_activity_skills_pkey', ['my_activity_id', 'skill_id'])
    .execute();
  await serial('my_activity_tasks')
    .addColumn('my_activity_id', 'integer', (c) => c.notNull().references('my_activities.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('html_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('completed_at', 'timestamptz')
    .addUniqueConstraint('my_activity_tasks_ordinal_key', ['my_activity_id', 'ordinal'])
    .execute();
  await fieldColumns(
    serial('my_activity_task_fields').addColumn('my_activity_task_id', 'integer', (c) => c.notNull().references('my_activity_tasks.id').onDelete('cascade')),
  )
    .addColumn('value', 'text')
    .addUniqueConstraint('my_activity_task_fields_ordinal_key', ['my_activity_task_id', 'ordinal'])
    .execute();
  await serial('my_activity_task_field_options')
    .addColumn('my_activity_task_field_id', 'integer', (c) => c.notNull().references('my_activity_task_fields.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('label', 'varchar(250)', (c) => c.notNull())
    .addColumn('is_selected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addUniqueConstraint('my_activity_task_field_options_ordinal_key', ['my_activity_task_field_id', 'ordinal'])
    .execute();

  // Owned by the catalogue (chapters); activity ids are not a foreign key, like game_activities,
  // because the catalogue is imported before the activities that need its skills.
  await db.schema
    .createTable('chapter_related_activities')
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chapter_related_activities_pkey', ['chapter_id', 'activity_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'chapter_related_activities',
    'my_activity_task_field_options',
    'my_activity_task_fields',
    'my_activity_tasks',
    'my_activity_skills',
    'activity_skills',
    'activity_task_field_options',
    'activity_task_fields',
    'activity_tasks',
    'activities',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  for (const i of ['my_activities_user_created_idx', 'my_activities_user_source_completed_idx', 'my_activities_source_idx']) {
    await db.schema.dropIndex(i).ifExists().execute();
  }
}
