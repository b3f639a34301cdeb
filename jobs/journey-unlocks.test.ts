import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { BREAK_JOURNEY_ID, setTeamSchedule } from '@modules/journeys/index.server';
import { NotificationType, listRecent } from '@modules/social/index.server';
import { makeTeam, makeUser } from '../tests/support/factories';
import { journeyUnlocksJob, notifyUnlockedJourneys } from './journey-unlocks.job';

/** The Journey (3) notification: the plain processor, on the real database, without Redis (decision 186). */
const HOUR = 60 * 60 * 1000;
let n = 0;
async function journey(name: string) {
  const urlId = `unlock-${Date.now()}-${++n}`;
  const row = await getDb().insertInto('journeys').values({ url_id: urlId, name }).returning('id').executeTakeFirstOrThrow();
  return { journeyId: row.id, urlId };
}
const journeyNotes = async (userId: number) => (await listRecent(getDb(), userId)).filter((x) => x.notification.type === NotificationType.Journey);

describe('journey unlock notifications', () => {
  it('notifies each member once when unlockedAt passes: not before, not again on a re-run or a re-saved schedule', async () => {
    const { teamId, organisationId } = await makeTeam({ name: 'Unlock Team' });
    const a = await makeUser({ organisationId, teams: [{ teamId }] });
    const b = await makeUser({ organisationId, teams: [{ teamId, isTeamAdmin: true }] });
    const outsider = await makeUser({ organisationId });
    const j = await journey('Coaching Conversations');
    const now = new Date();
    const unlockAt = new Date(now.getTime() + HOUR);
    const schedule = [
      { journeyId: j.journeyId, scheduledAt: now, unlockedAt: unlockAt },
      { journeyId: BREAK_JOURNEY_ID, unlockedAt: new Date(now.getTime() - HOUR), breakLabel: 'Summer' },
    ];
    await setTeamSchedule(getDb(), teamId, schedule);

    await notifyUnlockedJourneys(now);
    expect(await journeyNotes(a.userId)).toHaveLength(0);

    const later = new Date(unlockAt.getTime() + 60_000);
    // Two runs at once (two workers) and one more after: each member is told once.
    await Promise.all([notifyUnlockedJourneys(later), notifyUnlockedJourneys(later)]);
    await notifyUnlockedJourneys(new Date(later.getTime() + 60_000));
    await setTeamSchedule(getDb(), teamId, schedule);
    await notifyUnlockedJourneys(new Date(later.getTime() + 120_000));

    for (const u of [a, b]) {
      const notes = await journeyNotes(u.userId);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.notification).toMatchObject({
        type: 3,
        title: 'Coaching Conversations is now open',
        message: 'A new journey is unlocked for Unlock Team.',
        link: `/app/journey/${j.urlId}`,
        journeyId: j.journeyId,
      });
    }
    expect(await journeyNotes(outsider.userId)).toHaveLength(0);
  });

  it('skips unlocks older than the lookback and disabled teams; the job runs every 5 minutes', async () => {
    const old = await makeTeam();
    const oldMember = await makeUser({ organisationId: old.organisationId, teams: [{ teamId: old.teamId }] });
    const off = await makeTeam({ isDisabled: true });
    const offMember = await makeUser({ organisationId: off.organisationId, teams: [{ teamId: off.teamId }] });
    const j = await journey('Old news');
    await setTeamSchedule(getDb(), old.teamId, [{ journeyId: j.journeyId, unlockedAt: new Date(Date.now() - 30 * 24 * HOUR) }]);
    await setTeamSchedule(getDb(), off.teamId, [{ journeyId: j.journeyId, unlockedAt: new Date(Date.now() - HOUR) }]);
    await journeyUnlocksJob.process({});
    expect(await journeyNotes(oldMember.userId)).toHaveLength(0);
    expect(await journeyNotes(offMember.userId)).toHaveLength(0);
    expect(journeyUnlocksJob.repeat).toEqual({ pattern: '*/5 * * * *', tz: 'UTC' });
  });
});
