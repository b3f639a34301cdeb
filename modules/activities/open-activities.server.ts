import { sql } from 'kysely';
import type { Db } from '@modules/shared/index.server';

/**
 * The uncompleted activities of a batch of users (the activities reminder): how many each has and
 * the names of the newest three. One query whatever the number of users.
 */
export async function openActivitiesOf(db: Db, userIds: readonly number[]): Promise<Map<number, { count: number; names: string[] }>> {
  const out = new Map<number, { count: number; names: string[] }>();
  if (!userIds.length) return out;
  const rows = await db
    .selectFrom('my_activities')
    .select(['user_id'])
    .select(sql<number>`count(*)::int`.as('count'))
    .select(sql<string[]>`(array_agg(name order by created_at desc, id desc))[1:3]`.as('names'))
    .where('user_id', 'in', [...userIds])
    .where('completed_at', 'is', null)
    .groupBy('user_id')
    .execute();
  for (const r of rows) out.set(r.user_id, { count: r.count, names: r.names ?? [] });
  return out;
}
