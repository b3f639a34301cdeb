import { z } from 'zod';
import { defineJob, getDb } from '@modules/shared/index.server';
import { claimUnlockedTeamJourneys } from '@modules/journeys/index.server';
import { bumpNotificationVersions, NotificationType, notifyUsers } from '@modules/social/index.server';

const schema = z.object({}).passthrough();

declare module '@modules/shared/queue.server' {
  interface JobPayloads {
    'journey-unlocks': z.input<typeof schema>;
  }
}

/**
 * Claims the team journeys whose unlockedAt has passed and sends each team's members one Journey (3)
 * notification, in one transaction: the ledger (journey_unlock_notices) makes a re-run or a second
 * worker notify nobody twice, and a failure un-claims so the next run retries (decision 186).
 */
export async function notifyUnlockedJourneys(now = new Date()): Promise<number> {
  const told: number[] = [];
  const count = await getDb()
    .transaction()
    .execute(async (trx) => {
      const unlocked = await claimUnlockedTeamJourneys(trx, now);
      for (const u of unlocked) {
        if (!u.memberIds.length) continue;
        told.push(...u.memberIds);
        await notifyUsers(trx, u.memberIds, {
          type: NotificationType.Journey,
          title: `${u.journeyName} is now open`,
          message: `A new journey is unlocked for ${u.teamName}.`,
          link: `/app/journey/${u.journeyUrlId}`,
          journeyId: u.journeyId,
        });
      }
      return unlocked.length;
    });
  // After the commit: the members' polls read the new notification (decision 259).
  await bumpNotificationVersions(told);
  return count;
}

/** Every 5 minutes: notifies teams of journeys that unlocked since the last run. */
export const journeyUnlocksJob = defineJob({
  name: 'journey-unlocks',
  queue: 'reminders',
  schema,
  repeat: { pattern: '*/5 * * * *', tz: 'UTC' },
  process: async () => {
    await notifyUnlockedJourneys();
  },
});
