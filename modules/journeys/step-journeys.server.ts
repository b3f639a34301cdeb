import type { Db } from '@modules/shared/index.server';

/**
 * The journey each of these journey steps belongs to (for the journey ribbon on my activity cards):
 * one query on the steps' primary key whatever the count. A step that no longer exists is absent
 * from the map, and the card shows 'N/A' (learner-app s.9).
 */
export async function journeysOfSteps(db: Db, stepIds: readonly number[]): Promise<Map<number, { journeyId: number; name: string }>> {
  const ids = [...new Set(stepIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('journey_steps as s')
    .innerJoin('journeys as j', 'j.id', 's.journey_id')
    .select(['s.id as stepId', 'j.id as journeyId', 'j.name'])
    .where('s.id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.stepId, { journeyId: r.journeyId, name: r.name }]));
}
