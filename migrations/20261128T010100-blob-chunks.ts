import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration imports only kysely.
// Shared blob bytes (decision 257): with DATABASE_URL every web node reads and writes a blob's bytes
// here, in chunks of at most 256 KB, so no request holds a whole file in memory.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table blob_chunks (
    blob_id text not null,
    seq integer not null,
    bytes bytea not null,
    primary key (blob_id, seq)
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists blob_chunks`.execute(db);
}
