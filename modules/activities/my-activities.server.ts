import { sql, type Kysely } from 'kysely';
import type { Database } from '@modules/shared/db/database';

/** The My Activities counter of the app header: the user's activities not yet completed (one indexed count). */
export async function countUncompleted(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('my_activities')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return row?.count ?? 0;
}
