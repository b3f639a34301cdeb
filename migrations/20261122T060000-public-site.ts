import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// Public site: blobs (stored files), articles (contents, tags), enquiries, newsletter, tracking.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blobs')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'char(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('blobs_sha256_idx').on('blobs').column('sha256').execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('url_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('ordinal', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('contents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('url_id', 'varchar(250)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('is_public', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('author_label', 'varchar(250)')
    .addColumn('overview', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('feature_image_blob_id', 'varchar(64)', (c) => c.references('blobs.id').onDelete('set null'))
    .addColumn('feature_image_caption', 'varchar(250)')
    .addColumn('html_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index contents_public_list_idx on contents (is_public, created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('content_tags')
    .addColumn('content_id', 'integer', (c) => c.notNull().references('contents.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('content_tags_pkey', ['content_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('content_tags_tag_idx').on('content_tags').column('tag_id').execute();

  await db.schema
    .createTable('enquiries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) =>
      c.notNull().check(sql`kind in ('contact', 'try-for-free', 'get-leda', 'newsletter')`),
    )
    .addColumn('first_name', 'varchar(250)')
    .addColumn('last_name', 'varchar(250)')
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('organisation', 'varchar(250)')
    .addColumn('job_title', 'varchar(250)')
    .addColumn('phone_number', 'varchar(40)')
    .addColumn('team_size', 'varchar(10)')
    .addColumn('message', 'text')
    .addColumn('consent_to_news', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('enquiries_created_at_idx').on('enquiries').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('newsletter_subscriptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('subscribed_at', 'timestamptz')
    .addColumn('unsubscribed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index newsletter_subscriptions_email_key on newsletter_subscriptions (lower(email))`.execute(db);

  for (const table of ['page_views', 'page_events']) {
    let t = db.schema
      .createTable(table)
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('url', 'varchar(2000)')
      .addColumn('path', 'varchar(2000)')
      .addColumn('cid', 'varchar(100)')
      .addColumn('referrer', 'varchar(2000)')
      .addColumn('redirected_from', 'varchar(2000)')
      .addColumn('language', 'varchar(35)')
      .addColumn('utm_source', 'varchar(250)')
      .addColumn('utm_medium', 'varchar(250)')
      .addColumn('utm_campaign', 'varchar(250)')
      .addColumn('utm_term', 'varchar(250)')
      .addColumn('utm_content', 'varchar(250)')
      .addColumn('name', 'varchar(500)')
      .addColumn('category', 'varchar(10)', (c) => c.notNull());
    if (table === 'page_events') {
      t = t.addColumn('event', 'varchar(100)', (c) => c.notNull()).addColumn('properties', 'jsonb');
    }
    await t
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex(`${table}_user_created_idx`).on(table).columns(['user_id', 'created_at']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['page_events', 'page_views', 'newsletter_subscriptions', 'enquiries', 'content_tags', 'contents', 'tags', 'blobs']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
