import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// Indexes for the admin user list and the organisation and team list (decision 207): prefix search on
// lower(...) expressions (text_pattern_ops: LIKE 'abc%' uses them whatever the collation; pg_trgm is not
// available on PGlite), the name and last-activity sorts, and each organisation's newest login.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index users_email_prefix_idx on users (lower(email) text_pattern_ops)`.execute(db);
  await sql`create index users_first_name_prefix_idx on users (lower(first_name) text_pattern_ops)`.execute(db);
  await sql`create index users_last_name_prefix_idx on users (lower(last_name) text_pattern_ops)`.execute(db);
  await sql`create index users_full_name_prefix_idx on users (lower(first_name || ' ' || last_name) text_pattern_ops)`.execute(db);
  await sql`create index users_first_name_idx on users (first_name, id)`.execute(db);
  await sql`create index users_last_activity_idx on users ((coalesce(last_login_at, '-infinity'::timestamptz)), id)`.execute(db);
  await sql`create index users_organisation_last_login_idx on users (organisation_id, last_login_at)`.execute(db);
  await sql`create index organisations_created_at_idx on organisations (created_at, id)`.execute(db);
  await sql`create index organisations_name_idx on organisations (name, id)`.execute(db);
  await sql`create index organisations_license_type_idx on organisations (license_type)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'users_email_prefix_idx',
    'users_first_name_prefix_idx',
    'users_last_name_prefix_idx',
    'users_full_name_prefix_idx',
    'users_first_name_idx',
    'users_last_activity_idx',
    'users_organisation_last_login_idx',
    'organisations_created_at_idx',
    'organisations_name_idx',
    'organisations_license_type_idx',
  ]) {
    await sql`drop index if exists ${sql.ref(name)}`.execute(db);
  }
}
