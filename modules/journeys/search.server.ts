import type { Db } from '@modules/shared/index.server';
import { policy, type PolicyUser } from '@modules/identity/index.server';
import { SEARCH_LIMIT, searchSummary, tsMatch, tsRank, type SearchHit } from '@modules/shared/search';
import { BREAK_JOURNEY_ID } from './rules';

/**
 * Learner search over journeys (decision 271): only the journeys the learner may open, as the journey
 * pages decide (global ones and those scheduled for their teams; never for a student licence; product
 * admins all), not locked. One statement.
 */
export async function searchJourneys(db: Db, user: PolicyUser, q: string, now = new Date()): Promise<SearchHit[]> {
  if (!policy.canSeeJourneys(user)) return [];
  const teamIds = user.userPermissions.teams.map((t) => t.teamId);
  let query = db
    .selectFrom('journeys')
    .select(['journeys.url_id', 'journeys.name', 'journeys.overview', tsRank('journeys', q).as('rank')])
    .where(tsMatch('journeys', q))
    .where('journeys.id', '!=', BREAK_JOURNEY_ID)
    .where('journeys.is_locked', '=', false);
  if (!user.userPermissions.isLedaAdmin) {
    query = query.where((eb) =>
      eb.or([
        eb('journeys.is_global', '=', true),
        // A team's entry counts once unlocked (or for a learner who started the journey), as on the journey page.
        ...(teamIds.length
          ? [
              eb.exists(
                eb
                  .selectFrom('team_journeys as t')
                  .select('t.id')
                  .whereRef('t.journey_id', '=', 'journeys.id')
                  .where('t.team_id', 'in', teamIds)
                  .where((w) =>
                    w.or([
                      w('t.unlocked_at', 'is', null),
                      w('t.unlocked_at', '<=', now),
                      w.exists(w.selectFrom('user_journeys as uj').select('uj.id').whereRef('uj.journey_id', '=', 'journeys.id').where('uj.user_id', '=', user.userId)),
                    ]),
                  ),
              ),
            ]
          : []),
      ]),
    );
  }
  const rows = await query.orderBy('rank', 'desc').limit(SEARCH_LIMIT).execute();
  return rows.map((r) => ({ kind: 'journey', title: r.name, summary: searchSummary(r.overview), href: `/app/journey/${r.url_id}`, rank: r.rank }));
}
