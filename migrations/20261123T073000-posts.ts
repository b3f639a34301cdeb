import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// The team feed (social module): posts, files and their attachment to posts, likes, comments,
// the link-preview cache, and the indexes behind every list and the notification poll.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('posts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    // AudienceType: Global 1, Organisation 2, Team 3.
    .addColumn('audience_type', 'smallint', (c) => c.notNull().check(sql`audience_type between 1 and 3`))
    .addColumn('organisation_id', 'integer', (c) => c.references('organisations.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
    .addColumn('creator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('is_leda_official', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('url', 'varchar(10000)')
    .addColumn('posted_at', 'timestamptz')
    .addColumn('scheduled_at', 'timestamptz')
    .addColumn('pinned_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'posts_audience_check',
      sql`(audience_type = 1 and organisation_id is null and team_id is null)
        or (audience_type = 2 and organisation_id is not null and team_id is null)
        or (audience_type = 3 and organisation_id is not null and team_id is not null)`,
    )
    .execute();
  // The feed of a team: its posts, its organisation's and the global ones, pinned first then newest.
  await sql`create index posts_team_feed_idx on posts (team_id, (pinned_at is null), posted_at desc, id desc) where posted_at is not null`.execute(db);
  await sql`create index posts_org_feed_idx on posts (organisation_id, (pinned_at is null), posted_at desc, id desc) where posted_at is not null and audience_type = 2`.execute(db);
  await sql`create index posts_global_feed_idx on posts ((pinned_at is null), posted_at desc, id desc) where posted_at is not null and audience_type = 1`.execute(db);
  // The team's Posts table (every post incl. scheduled) and the scheduled-post sweep.
  await sql`create index posts_team_created_idx on posts (team_id, created_at desc)`.execute(db);
  await sql`create index posts_due_idx on posts (scheduled_at) where posted_at is null and scheduled_at is not null`.execute(db);

  await db.schema
    .createTable('files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('blob_id', 'varchar(80)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    // FileType: Image 1, Document 2.
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('creator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('post_files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('ordinal', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('post_files_post_idx').on('post_files').columns(['post_id', 'ordinal']).execute();

  await db.schema
    .createTable('post_likes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('post_likes_post_user_key', ['post_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('post_comments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('post_comments_post_idx').on('post_comments').columns(['post_id', 'created_at']).execute();

  await db.schema
    .createTable('link_previews')
    .addColumn('url_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('url', 'varchar(10000)', (c) => c.notNull())
    .addColumn('preview', 'jsonb')
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Notifications of a post (removed with it); the poll's "anything newer?" probe.
  await db.schema.createIndex('notifications_post_idx').on('notifications').column('post_id').execute();
  await sql`create index user_notifications_user_id_idx on user_notifications (user_id, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists user_notifications_user_id_idx`.execute(db);
  await sql`drop index if exists notifications_post_idx`.execute(db);
  for (const t of ['link_previews', 'post_comments', 'post_likes', 'post_files', 'files', 'posts']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
