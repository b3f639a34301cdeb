import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// "Download my data" (issue 27 s.2, decision 265): one row per requested export. The job streams a ZIP
// into a blob (owner_kind 'export'), the row follows its progress, and housekeeping deletes the ZIP
// 7 days after it is ready (expires_at). requested_by is the person or the product admin who asked.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blob_id', 'varchar(64)', (c) => c.references('blobs.id').onDelete('set null'))
    .addColumn('byte_size', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await sql`create index data_exports_user_idx on data_exports (user_id, id desc)`.execute(db);
  await sql`create index data_exports_expires_idx on data_exports (expires_at) where blob_id is not null`.execute(db);
  await sql`create index data_exports_blob_idx on data_exports (blob_id) where blob_id is not null`.execute(db);
  // The export reads a person's posts, comments and likes in id order (keyset pages).
  await sql`create index if not exists posts_creator_idx on posts (creator_id, id)`.execute(db);
  await sql`create index if not exists post_comments_user_idx on post_comments (user_id, id)`.execute(db);
  await sql`create index if not exists post_likes_user_idx on post_likes (user_id, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const i of ['post_likes_user_idx', 'post_comments_user_idx', 'posts_creator_idx']) await sql`drop index if exists ${sql.id(i)}`.execute(db);
  await db.schema.dropTable('data_exports').execute();
}
