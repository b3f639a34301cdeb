import { z } from 'zod';
import { defineJob, getDb, retryUndeliveredCommunications, sweepScheduledJobs } from '@modules/shared/index.server';
import { sweepImports } from '@modules/admin/index.server';

const schema = z.object({}).passthrough();

declare module '@modules/shared/queue.server' {
  interface JobPayloads {
    sweep: z.input<typeof schema>;
  }
}

/**
 * Every minute: runs the scheduled jobs whose wake-up was lost (a restart, a Redis outage, an
 * enqueue stored while Redis was down) and resends the emails a lost or exhausted job left
 * queued, sending or failed (stable job ids: a job still waiting is not added twice), and the CSV
 * imports whose job was lost or whose upload died. The database rows are the truth; every step is
 * safe to run twice. It also runs at once when the job schedulers had to be re-created (Redis lost its data).
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
    await sweepImports(getDb());
  },
});
