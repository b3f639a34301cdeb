import { type Db } from '@modules/shared/index.server';

/**
 * A learner's copies of some catalogue activities, as journey step status needs them (source and
 * completion time): one query on my_activities_user_source_completed_idx / the user index, whatever
 * the number of steps (journeys reads this for a whole journey at once).
 */
export async function listActivityStates(db: Db, userId: number, activityIds: readonly number[]) {
  if (!activityIds.length) return [];
  const rows = await db
    .selectFrom('my_activities')
    .select(['id', 'source_activity_id', 'journey_step_id', 'completed_at'])
    .where('user_id', '=', userId)
    .where('source_activity_id', 'in', [...new Set(activityIds)])
    .execute();
  return rows.map((r) => ({ myActivityId: r.id, sourceActivityId: r.source_activity_id, journeyStepId: r.journey_step_id, completedAt: r.completed_at }));
}
