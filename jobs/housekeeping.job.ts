import { z } from 'zod';
import { defineJob, getDb, pruneRateLimits } from '@modules/shared/index.server';
import { pruneExpiredSessions } from '@modules/identity/index.server';
import { pruneNewsletterTokens } from '@modules/admin/index.server';
import { pruneFeedbackTokens } from '@modules/social/index.server';

const schema = z.object({}).passthrough();

declare module '@modules/shared/queue.server' {
  interface JobPayloads {
    housekeeping: z.input<typeof schema>;
  }
}

/** Hourly: drops expired sessions, one-time, newsletter and peer feedback tokens and rate-limit windows. Safe to run twice. */
export const housekeepingJob = defineJob({
  name: 'housekeeping',
  queue: 'maintenance',
  schema,
  repeat: { pattern: '17 * * * *', tz: 'UTC' },
  process: async () => {
    await pruneRateLimits();
    await pruneExpiredSessions();
    await pruneNewsletterTokens(getDb());
    await pruneFeedbackTokens(getDb());
  },
});
