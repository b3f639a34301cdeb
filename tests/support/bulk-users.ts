import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { Db } from '@modules/shared/index.server';

/**
 * `n` members of an organisation in one statement (generate_series): for the fan-out tests and
 * scripts/bench-fanout.ts, where making 100,000 users one by one would take minutes.
 */
export async function insertBulkUsers(db: Db, organisationId: number, n: number, opts: { locked?: boolean } = {}): Promise<void> {
  const tag = randomBytes(4).toString('hex');
  await sql`
    insert into users (first_name, last_name, email, organisation_id, is_locked)
    select 'Member', 'No ' || g, 'm-' || ${tag} || '-' || g || '@bulk.test', ${organisationId}, ${opts.locked ?? false}
    from generate_series(1, ${n}::int) g`.execute(db);
}
