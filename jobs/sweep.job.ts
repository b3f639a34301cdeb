import { z } from 'zod';
import { defineJob, getDb, retryUndeliveredCommunications, sweepScheduledJobs } from '@modules/shared/index.server';

const schema = z.object({}).passthrough();

declare module '@modules/shared/queue.server' {
  interface JobPayloads {
    sweep: z.input<typeof schema>;
  }
}

/**
 * Every minute: runs the scheduled jobs whose wake-up was lost (a restart, a Redis outage, an
 * enqueue stored while Redis was down) and resends the emails a lost or exhausted job left
 * queued, sending or failed. The database rows are the truth; both steps are safe to run twice.
 */
export const sweepJob = defineJob({
  name: 'sweep',
  queue: 'maintenance',
  schema,
  repeat: { pattern: '* * * * *' },
  attempts: 1,
  process: async () => {
    await sweepScheduledJobs();
    await retryUndeliveredCommunications(getDb());
  },
});
