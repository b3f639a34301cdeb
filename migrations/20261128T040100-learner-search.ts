import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// Learner search (issue 25, decision 271): a stored tsvector per searchable table, kept by PostgreSQL
// itself (a generated column), with a GIN index, so /app/search ranks matches in SQL on PostgreSQL and
// PGlite alike. The name weighs A, the overview B, longer text C. 'english' is named explicitly so the
// expression is immutable, as a generated column requires.
const TABLES: { table: string; a: string; b: string; c: string | null }[] = [
  { table: 'skills', a: 'name', b: 'overview', c: 'content' },
  { table: 'stories', a: 'name', b: 'overview', c: null },
  { table: 'journeys', a: 'name', b: 'overview', c: 'html_summary' },
  { table: 'activities', a: 'name', b: 'overview', c: null },
  { table: 'contents', a: 'name', b: 'overview', c: 'html_content' },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const t of TABLES) {
    const c = t.c ? ` || setweight(to_tsvector('english', regexp_replace(coalesce(${t.c}, ''), '<[^>]*>', ' ', 'g')), 'C')` : '';
    await sql
      .raw(
        `alter table ${t.table} add column search tsvector generated always as (` +
          `setweight(to_tsvector('english', coalesce(${t.a}, '')), 'A') || setweight(to_tsvector('english', coalesce(${t.b}, '')), 'B')${c}) stored`,
      )
      .execute(db);
    await sql.raw(`create index ${t.table}_search_idx on ${t.table} using gin (search)`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of TABLES) {
    await sql.raw(`drop index if exists ${t.table}_search_idx`).execute(db);
    await sql.raw(`alter table ${t.table} drop column if exists search`).execute(db);
  }
}
