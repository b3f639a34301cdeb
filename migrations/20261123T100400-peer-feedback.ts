import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// Peer feedback (learner-app 3, 4, 7; public-site 4, 7): a learner's feedback contacts, the links that
// let a colleague answer anonymously (only the SHA-256 of each token is stored, and each expires),
// and the answers: two skills done well and two to improve, plus an optional comment. An answer
// keeps no link to the contact or token it came through, so no one answer can be traced to a person.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_contacts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('last_feedback_request_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One contact per address per user; the contacts list is read by user, newest request first.
  await sql`create unique index user_contacts_user_email_idx on user_contacts (user_id, lower(email))`.execute(db);
  await sql`create index user_contacts_user_requested_idx on user_contacts (user_id, last_feedback_request_at desc nulls last, id desc)`.execute(db);

  await db.schema
    .createTable('feedback_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'contact': emailed to one contact, answered once; 'public': the copied link, answered by many.
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('contact', 'public')`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('feedback_tokens_expires_idx').on('feedback_tokens').column('expires_at').execute();
  await db.schema.createIndex('feedback_tokens_user_idx').on('feedback_tokens').column('user_id').execute();

  await db.schema
    .createTable('feedback_responses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('comment', 'varchar(5000)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index feedback_responses_user_idx on feedback_responses (user_id, id desc)`.execute(db);

  await db.schema
    .createTable('feedback_response_skills')
    .addColumn('response_id', 'integer', (c) => c.notNull().references('feedback_responses.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    // 1: done well, -1: to improve.
    .addColumn('rating', 'smallint', (c) => c.notNull().check(sql`rating in (-1, 1)`))
    .addPrimaryKeyConstraint('feedback_response_skills_pkey', ['response_id', 'skill_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feedback_response_skills').execute();
  await db.schema.dropTable('feedback_responses').execute();
  await db.schema.dropTable('feedback_tokens').execute();
  await db.schema.dropTable('user_contacts').execute();
}
