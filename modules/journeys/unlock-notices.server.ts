import { sql } from 'kysely';
import { type Db } from '@modules/shared/index.server';

/** How far back the job looks: a worker down for less than this still catches up (decision 186). */
export const UNLOCK_LOOKBACK_MS = 2 * 24 * 60 * 60 * 1000;

export interface UnlockedTeamJourney {
  teamId: number;
  journeyId: number;
  journeyName: string;
  journeyUrlId: string;
  teamName: string;
  memberIds: number[];
}

/**
 * Claims the team journeys whose unlockedAt has passed (within the lookback) and whose members were
 * not yet told: one insert into the ledger per team and journey, `on conflict do nothing`, so a
 * re-run or a second worker claims nothing twice. Run it in the same transaction as the notifying,
 * so a failed notification un-claims. Breaks and disabled teams are skipped.
 */
export async function claimUnlockedTeamJourneys(db: Db, now = new Date()): Promise<UnlockedTeamJourney[]> {
  const claimed = await db
    .insertInto('journey_unlock_notices')
    .columns(['team_id', 'journey_id', 'notified_at'])
    .expression((eb) =>
      eb
        .selectFrom('team_journeys as tj')
        .innerJoin('teams as t', 't.id', 'tj.team_id')
        .select(['tj.team_id', 'tj.journey_id', sql<Date>`${now}::timestamptz`.as('notified_at')])
        .distinct()
        .where('tj.unlocked_at', 'is not', null)
        .where('tj.break_label', 'is', null)
        .where('tj.unlocked_at', '<=', now)
        .where('tj.unlocked_at', '>', new Date(now.getTime() - UNLOCK_LOOKBACK_MS))
        .where('t.is_disabled', '=', false),
    )
    .onConflict((oc) => oc.columns(['team_id', 'journey_id']).doNothing())
    .returning(['team_id', 'journey_id'])
    .execute();
  if (!claimed.length) return [];
  const out: UnlockedTeamJourney[] = [];
  for (const c of claimed) {
    const journey = await db.selectFrom('journeys').select(['name', 'url_id']).where('id', '=', c.journey_id).executeTakeFirst();
    const team = await db.selectFrom('teams').select('name').where('id', '=', c.team_id).executeTakeFirst();
    if (!journey || !team) continue;
    const members = await db.selectFrom('team_users').select('user_id').where('team_id', '=', c.team_id).execute();
    out.push({
      teamId: c.team_id,
      journeyId: c.journey_id,
      journeyName: journey.name,
      journeyUrlId: journey.url_id,
      teamName: team.name,
      memberIds: members.map((m) => m.user_id),
    });
  }
  return out;
}
