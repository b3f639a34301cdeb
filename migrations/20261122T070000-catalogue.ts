import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// Catalogue: capabilities, skill groups, skills, videos, modules, stories, chapters, dialogue games,
// survey assessments, user progress, system feedback, player attempts and the catalogue version.
export async function up(db: Kysely<any>): Promise<void> {
  const serialTable = (name: string) => db.schema.createTable(name).addColumn('id', 'serial', (c) => c.primaryKey());

  await serialTable('capabilities')
    .addColumn('url_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('overview', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await serialTable('skill_groups')
    .addColumn('url_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('overview', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('primary_colour', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('complementary_colour', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('capability_id', 'integer', (c) => c.references('capabilities.id').onDelete('set null'))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('skill_groups_capability_idx').on('skill_groups').columns(['capability_id', 'ordinal']).execute();

  await serialTable('skills')
    .addColumn('url_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('overview', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('skill_group_id', 'integer', (c) => c.references('skill_groups.id').onDelete('set null'))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('skills_group_idx').on('skills').columns(['skill_group_id', 'ordinal']).execute();

  await serialTable('videos')
    .addColumn('url_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('video_url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('video_skills')
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('video_skills_pkey', ['video_id', 'skill_id'])
    .execute();
  await db.schema.createIndex('video_skills_skill_idx').on('video_skills').column('skill_id').execute();

  await serialTable('modules')
    .addColumn('url_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await serialTable('stories')
    .addColumn('url_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('module_id', 'integer', (c) => c.references('modules.id').onDelete('set null'))
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('overview', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('stories_module_idx').on('stories').columns(['module_id', 'ordinal']).execute();
  await db.schema
    .createTable('story_skills')
    .addColumn('story_id', 'integer', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('story_skills_pkey', ['story_id', 'skill_id'])
    .execute();
  await db.schema.createIndex('story_skills_skill_idx').on('story_skills').column('skill_id').execute();

  await serialTable('chapters')
    .addColumn('story_id', 'integer', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('url_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('overview', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('html_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('video_id', 'integer', (c) => c.references('videos.id').onDelete('set null'))
    .addUniqueConstraint('chapters_story_url_id_key', ['story_id', 'url_id'])
    .execute();
  await db.schema.createIndex('chapters_story_ordinal_idx').on('chapters').columns(['story_id', 'ordinal']).execute();
  await db.schema.createIndex('chapters_video_idx').on('chapters').column('video_id').execute();
  await db.schema
    .createTable('chapter_related_videos')
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chapter_related_videos_pkey', ['chapter_id', 'video_id'])
    .execute();
  await db.schema.createIndex('chapter_related_videos_video_idx').on('chapter_related_videos').column('video_id').execute();

  await serialTable('games')
    .addColumn('url_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`type = 1`))
    .addColumn('overview', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start_stage_id', 'integer')
    .addColumn('is_choice_shuffle_on', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await serialTable('game_stages')
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
    .addColumn('key', 'varchar(100)', (c) => c.notNull())
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type between 1 and 8`))
    .addColumn('speaker', 'varchar(250)')
    .addColumn('html_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_background', 'varchar(2000)')
    .addColumn('image_focus', 'varchar(2000)')
    .addColumn('next_stage_id', 'integer', (c) => c.references('game_stages.id').onDelete('set null'))
    .addUniqueConstraint('game_stages_game_key_key', ['game_id', 'key'])
    .execute();
  await sql`alter table games add constraint games_start_stage_fk foreign key (start_stage_id) references game_stages (id) on delete set null`.execute(db);
  await serialTable('game_choices')
    .addColumn('stage_id', 'integer', (c) => c.notNull().references('game_stages.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('html_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('next_stage_id', 'integer', (c) => c.references('game_stages.id').onDelete('set null'))
    .addUniqueConstraint('game_choices_stage_ordinal_key', ['stage_id', 'ordinal'])
    .execute();
  await db.schema
    .createTable('game_choice_skills')
    .addColumn('choice_id', 'integer', (c) => c.notNull().references('game_choices.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addColumn('value', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_choice_skills_pkey', ['choice_id', 'skill_id'])
    .execute();
  await db.schema
    .createTable('game_related_skills')
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addColumn('max_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('game_related_skills_pkey', ['game_id', 'skill_id'])
    .execute();
  for (const [table, owner] of [
    ['game_feedbacks', 'games'],
    ['game_activities', 'games'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('game_id', 'integer', (c) => c.notNull().references(`${owner}.id`).onDelete('cascade'))
      .addColumn('ordinal', 'integer', (c) => c.notNull())
      .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
      .addColumn('operator', 'smallint', (c) => c.notNull().check(sql`operator between 1 and 6`))
      .addColumn('value', 'integer', (c) => c.notNull())
      .addColumn(table === 'game_feedbacks' ? 'html_content' : 'activity_id', table === 'game_feedbacks' ? 'text' : 'integer', (c) =>
        table === 'game_feedbacks' ? c.notNull().defaultTo('') : c,
      )
      .addPrimaryKeyConstraint(`${table}_pkey`, ['game_id', 'ordinal'])
      .execute();
  }

  await serialTable('assessments')
    .addColumn('url_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`type = 1`))
    .addColumn('instruction', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('overview', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('citation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await serialTable('assessment_questions')
    .addColumn('assessment_id', 'integer', (c) => c.notNull().references('assessments.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('html_content', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('assessment_questions_ordinal_key', ['assessment_id', 'ordinal'])
    .execute();
  await serialTable('assessment_options')
    .addColumn('question_id', 'integer', (c) => c.notNull().references('assessment_questions.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('html_content', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('assessment_options_ordinal_key', ['question_id', 'ordinal'])
    .execute();
  await db.schema
    .createTable('assessment_option_skills')
    .addColumn('option_id', 'integer', (c) => c.notNull().references('assessment_options.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addColumn('value', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('assessment_option_skills_pkey', ['option_id', 'skill_id'])
    .execute();
  await db.schema
    .createTable('assessment_related_skills')
    .addColumn('assessment_id', 'integer', (c) => c.notNull().references('assessments.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addColumn('max_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('assessment_related_skills_pkey', ['assessment_id', 'skill_id'])
    .execute();
  for (const table of ['survey_feedbacks', 'survey_activities'] as const) {
    const isFeedback = table === 'survey_feedbacks';
    await db.schema
      .createTable(table)
      .addColumn('assessment_id', 'integer', (c) => c.notNull().references('assessments.id').onDelete('cascade'))
      .addColumn('ordinal', 'integer', (c) => c.notNull())
      .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
      .addColumn('operator', 'smallint', (c) => c.notNull().check(sql`operator between 1 and 6`))
      .addColumn('value', 'integer', (c) => c.notNull())
      .addColumn(isFeedback ? 'html_content' : 'activity_id', isFeedback ? 'text' : 'integer', (c) => (isFeedback ? c.notNull().defaultTo('') : c))
      .addPrimaryKeyConstraint(`${table}_pkey`, ['assessment_id', 'ordinal'])
      .execute();
  }

  await db.schema
    .createTable('chapter_related_assessments')
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('assessment_id', 'integer', (c) => c.notNull().references('assessments.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chapter_related_assessments_pkey', ['chapter_id', 'assessment_id'])
    .execute();
  await db.schema.createIndex('chapter_related_assessments_idx').on('chapter_related_assessments').column('assessment_id').execute();

  await serialTable('user_progress')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull().check(sql`kind in ('activity', 'assessment', 'content', 'game', 'video')`))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('user_progress_user_kind_item_key', ['user_id', 'kind', 'item_id'])
    .execute();

  await serialTable('system_feedbacks')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('feedback_type', 'smallint', (c) => c.notNull().check(sql`feedback_type between 1 and 11`))
    .addColumn('rating', 'smallint')
    .addColumn('url', 'varchar(2000)')
    .addColumn('message', 'text')
    .addColumn('activity_id', 'integer')
    .addColumn('journey_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index system_feedbacks_type_created_idx on system_feedbacks (feedback_type, created_at desc)`.execute(db);
  await db.schema.createIndex('system_feedbacks_user_idx').on('system_feedbacks').column('user_id').execute();

  for (const [table, column, owner] of [
    ['game_attempts', 'game_id', 'games'],
    ['assessment_attempts', 'assessment_id', 'assessments'],
  ] as const) {
    await serialTable(table)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn(column, 'integer', (c) => c.notNull().references(`${owner}.id`).onDelete('cascade'))
      .addColumn('state', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint(`${table}_user_item_key`, ['user_id', column])
      .execute();
    await db.schema.createIndex(`${table}_item_idx`).on(table).column(column).execute();
  }

  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'smallint', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into catalogue_version (id, version) values (1, 1)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'catalogue_version', 'assessment_attempts', 'game_attempts', 'system_feedbacks', 'user_progress',
    'chapter_related_assessments', 'survey_activities', 'survey_feedbacks', 'assessment_related_skills',
    'assessment_option_skills', 'assessment_options', 'assessment_questions', 'assessments',
    'game_activities', 'game_feedbacks', 'game_related_skills', 'game_choice_skills', 'game_choices',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await sql`alter table games drop constraint if exists games_start_stage_fk`.execute(db);
  for (const t of [
    'game_stages', 'games', 'chapter_related_videos', 'chapters', 'story_skills', 'stories', 'modules',
    'video_skills', 'videos', 'skills', 'skill_groups', 'capabilities',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
