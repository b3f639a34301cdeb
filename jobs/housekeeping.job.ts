import { z } from 'zod';
import { HOUR, pruneRateLimits, type JobDefinition } from '@modules/shared/index.server';
import { pruneExpiredSessions } from '@modules/identity/index.server';

const schema = z.object({}).passthrough();

/** Hourly: drops expired sessions, one-time tokens and rate-limit windows. Safe to run twice. */
export const housekeepingJob: JobDefinition<typeof schema> = {
  name: 'housekeeping',
  schema,
  everyMs: HOUR,
  process: async () => {
    await pruneRateLimits();
    await pruneExpiredSessions();
  },
};
