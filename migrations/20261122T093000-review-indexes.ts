import type { Kysely } from 'kysely';

/**
 * Security review (docs/decisions/080-security-review.md): the hourly housekeeping job deletes
 * expired sessions and one-time tokens by expires_at; without these indexes each run scans
 * both tables whole.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('one_time_tokens_expires_idx').on('one_time_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('one_time_tokens_expires_idx').ifExists().execute();
  await db.schema.dropIndex('sessions_expires_idx').ifExists().execute();
}
