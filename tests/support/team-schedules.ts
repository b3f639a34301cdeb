import path from 'node:path';
import { getDb } from '@modules/shared/index.server';
import { seedArticles, seedCatalogue } from '@modules/catalogue/index.server';
import { seedActivities } from '@modules/activities/index.server';
import { BREAK_JOURNEY_ID, seedJourneys, setTeamSchedule } from '@modules/journeys/index.server';
import { DAY } from '@modules/shared/clock';

const ago = (days: number) => new Date(Date.now() - days * DAY);

/**
 * The team list's schedule cases: `running` started journeys 2 and 3 (3 is current; 4 starts in two
 * weeks), `resting` is on a break after journey 2. Seeds the demo catalogue and journeys first.
 * Answers the current journey's name of `running`.
 */
export async function scheduleRunningAndResting(running: number, resting: number): Promise<string> {
  await seedArticles(getDb(), path.resolve('content/articles'));
  await seedCatalogue(getDb());
  await seedActivities(getDb());
  await seedJourneys(getDb());
  await setTeamSchedule(getDb(), running, [
    { journeyId: 2, scheduledAt: ago(30) },
    { journeyId: 3, scheduledAt: ago(7) },
    { journeyId: 4, scheduledAt: ago(-14) },
  ]);
  await setTeamSchedule(getDb(), resting, [
    { journeyId: 2, scheduledAt: ago(30) },
    { journeyId: BREAK_JOURNEY_ID, scheduledAt: ago(3), breakLabel: 'Summer break' },
  ]);
  return (await getDb().selectFrom('journeys').select('name').where('id', '=', 3).executeTakeFirstOrThrow()).name;
}

/** A schedule whose journey started `daysAgo` days ago. */
export const startedDaysAgo = (teamId: number, daysAgo: number) => setTeamSchedule(getDb(), teamId, [{ journeyId: 2, scheduledAt: ago(daysAgo) }]);
