import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// Journeys (steps, step items, step activities, skills), a learner's user journeys, and team
// schedules (team journeys, breaks as journey 1000, and the team's journeys end date).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('journeys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('url_id', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('overview', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('html_summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('summary_notes_url', 'varchar(500)')
    .addColumn('is_locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_global', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Journey 1000 is the break marker of a team schedule: it exists so team entries can point at it, and is never listed.
  await sql`insert into journeys (id, url_id, name, is_locked) values (1000, 'break', 'Break', true)`.execute(db);

  await db.schema
    .createTable('journey_skills')
    .addColumn('journey_id', 'integer', (c) => c.notNull().references('journeys.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('journey_skills_pkey', ['journey_id', 'skill_id'])
    .execute();

  await db.schema
    .createTable('journey_steps')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('journey_id', 'integer', (c) => c.notNull().references('journeys.id').onDelete('cascade'))
    .addColumn('url_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('overview', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('journey_steps_ordinal_key', ['journey_id', 'ordinal'])
    .addUniqueConstraint('journey_steps_url_id_key', ['journey_id', 'url_id'])
    .execute();

  await db.schema
    .createTable('journey_step_activities')
    .addColumn('step_id', 'integer', (c) => c.notNull().references('journey_steps.id').onDelete('cascade'))
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('journey_step_activities_pkey', ['step_id', 'activity_id'])
    .execute();
  await sql`create index journey_step_activities_activity_idx on journey_step_activities (activity_id)`.execute(db);

  await db.schema
    .createTable('journey_step_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('step_id', 'integer', (c) => c.notNull().references('journey_steps.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('action_name', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('html_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_support', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('assessment_id', 'integer', (c) => c.references('assessments.id').onDelete('cascade'))
    .addColumn('content_id', 'integer', (c) => c.references('contents.id').onDelete('cascade'))
    .addColumn('game_id', 'integer', (c) => c.references('games.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (c) => c.references('videos.id').onDelete('cascade'))
    .addUniqueConstraint('journey_step_items_ordinal_key', ['step_id', 'ordinal'])
    .addCheckConstraint(
      'journey_step_items_one_kind',
      sql`num_nonnulls(assessment_id, content_id, game_id, video_id) = 1`,
    )
    .execute();

  await db.schema
    .createTable('user_journeys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('journey_id', 'integer', (c) => c.notNull().references('journeys.id').onDelete('cascade'))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('user_journeys_user_journey_key', ['user_id', 'journey_id'])
    .execute();

  await db.schema
    .createTable('team_journeys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('journey_id', 'integer', (c) => c.notNull().references('journeys.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scheduled_at', 'timestamptz')
    .addColumn('unlocked_at', 'timestamptz')
    .addColumn('length_days', 'integer')
    .addColumn('break_label', 'varchar(120)')
    .execute();
  await sql`create index team_journeys_team_idx on team_journeys (team_id, ordinal, id)`.execute(db);

  await db.schema
    .createTable('team_schedules')
    .addColumn('team_id', 'integer', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
    .addColumn('team_journeys_end_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['team_schedules', 'team_journeys', 'user_journeys', 'journey_step_items', 'journey_step_activities', 'journey_steps', 'journey_skills', 'journeys']) {
    await db.schema.dropTable(t).execute();
  }
}
