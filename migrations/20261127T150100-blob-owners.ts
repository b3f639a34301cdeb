import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// Blob ownership (decision 242): every blob records what kind of thing it belongs to and whose it is,
// so /blobs/{id} can ask that thing's policy, identical bytes of two owners are two blobs, and the
// housekeeping job can find blobs nothing refers to. Images also record their size and their resized
// copies (variant_of) for srcset.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('blobs')
    .addColumn('owner_kind', 'varchar(20)', (c) => c.notNull().defaultTo('unknown'))
    .addColumn('owner_user_id', 'integer')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('variant_of', 'varchar(64)', (c) => c.references('blobs.id').onDelete('cascade'))
    .execute();
  // Existing blobs: the kind of their first reference (content, post/preset file, profile photo, task answer).
  await sql`update blobs set owner_kind = 'content' where id in (select feature_image_blob_id from contents where feature_image_blob_id is not null)`.execute(db);
  await sql`update blobs b set owner_kind = 'file', owner_user_id = (select min(f.creator_id) from files f where f.blob_id = b.id)
    where b.owner_kind = 'unknown' and exists (select 1 from files f where f.blob_id = b.id)`.execute(db);
  await sql`update blobs b set owner_kind = 'profile_photo', owner_user_id = (select min(u.id) from users u where u.profile_photo_blob_id = b.id)
    where b.owner_kind = 'unknown' and exists (select 1 from users u where u.profile_photo_blob_id = b.id)`.execute(db);
  await sql`update blobs b set owner_kind = 'answer', owner_user_id = a.user_id
    from (select substring(tf.value from '"blobId":"([A-Za-z0-9_-]+)"') as blob_id, min(ma.user_id) as user_id
          from my_activity_task_fields tf
          join my_activity_tasks t on t.id = tf.my_activity_task_id
          join my_activities ma on ma.id = t.my_activity_id
          where tf.value like '{"blobId":%'
          group by 1) a
    where b.owner_kind = 'unknown' and a.blob_id = b.id`.execute(db);
  await sql`drop index if exists blobs_sha256_idx`.execute(db);
  await sql`create index blobs_owner_sha256_idx on blobs (owner_kind, owner_user_id, sha256) where variant_of is null`.execute(db);
  await sql`create index blobs_variant_of_idx on blobs (variant_of) where variant_of is not null`.execute(db);
  await sql`create index blobs_created_idx on blobs (created_at) where variant_of is null`.execute(db);
  // The look-ups of what refers to a blob (serving it and the housekeeping sweep).
  await sql`create index files_blob_idx on files (blob_id)`.execute(db);
  await sql`create index users_profile_photo_blob_idx on users (profile_photo_blob_id) where profile_photo_blob_id is not null`.execute(db);
  await sql`create index contents_feature_image_blob_idx on contents (feature_image_blob_id) where feature_image_blob_id is not null`.execute(db);
  await sql`create index post_files_file_idx on post_files (file_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const i of ['post_files_file_idx', 'contents_feature_image_blob_idx', 'users_profile_photo_blob_idx', 'files_blob_idx', 'blobs_created_idx', 'blobs_variant_of_idx', 'blobs_owner_sha256_idx']) {
    await sql`drop index if exists ${sql.id(i)}`.execute(db);
  }
  await sql`create index blobs_sha256_idx on blobs (sha256)`.execute(db);
  await db.schema.alterTable('blobs').dropColumn('variant_of').dropColumn('height').dropColumn('width').dropColumn('owner_user_id').dropColumn('owner_kind').execute();
}
