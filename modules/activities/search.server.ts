import type { Db } from '@modules/shared/index.server';
import { SEARCH_LIMIT, searchSummary, tsMatch, tsRank, type SearchHit } from '@modules/shared/search';

/** Learner search over the activity catalogue (decision 271): the global activities Explore lists. One statement. */
export async function searchActivities(db: Db, q: string): Promise<SearchHit[]> {
  const rows = await db
    .selectFrom('activities')
    .select(['activities.id', 'activities.name', 'activities.overview', tsRank('activities', q).as('rank')])
    .where(tsMatch('activities', q))
    .where('activities.is_global', '=', true)
    .orderBy('rank', 'desc')
    .limit(SEARCH_LIMIT)
    .execute();
  return rows.map((r) => ({ kind: 'activity', title: r.name, summary: searchSummary(r.overview), href: `/app/explore/activities#activity-${r.id}`, rank: r.rank }));
}
