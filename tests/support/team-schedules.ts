import { getDb } from '@modules/shared/index.server';
import { BREAK_JOURNEY_ID, setTeamSchedule } from '@modules/journeys/index.server';
import { DAY } from '@modules/shared/clock';
import { importFixtureJourneys } from './content';

const ago = (days: number) => new Date(Date.now() - days * DAY);

/**
 * The team list's schedule cases: `running` started journeys 2 and 3 (3 is current; 4 starts in two
 * weeks), `resting` is on a break after journey 2. Imports the fixture journeys first (tests/fixtures).
 * Answers the current journey's name of `running`.
 */
export async function scheduleRunningAndResting(running: number, resting: number): Promise<string> {
  await importFixtureJourneys();
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
