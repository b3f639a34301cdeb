import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// A new import is being read until its classification ends (decision 245): an insert that names no
// status must not make a confirmable preview.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table team_imports alter column status set default 'reading'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table team_imports alter column status set default 'preview'`.execute(db);
}
