import { z } from 'zod';
import { defineJob, getDb, idSchema } from '@modules/shared/index.server';
import { fanOutNotification, sweepFanOuts } from '@modules/social/index.server';

const schema = z.object({ notificationId: idSchema });
const sweepSchema = z.object({}).passthrough();

declare module '@modules/shared/queue.server' {
  interface JobPayloads {
    'notification-fan-out': z.input<typeof schema>;
    'notification-fan-out-sweep': z.input<typeof sweepSchema>;
  }
}

/**
 * Delivers one post's or announcement's notification to its audience (stable id fan-out-<id>), in
 * statements of at most 1,000 rows that skip who already has it: a retry, or a worker killed
 * mid-run and run again, reaches every recipient exactly once (decision 258).
 */
export const notificationFanOutJob = defineJob({
  name: 'notification-fan-out',
  queue: 'fan-out',
  schema,
  process: async ({ notificationId }, ctx) => {
    await fanOutNotification(getDb(), notificationId, { onBatch: (last) => ctx?.updateProgress({ lastUserId: last }) });
  },
});

/** Every minute: fan-outs still undone a minute after they were recorded get their job again. */
export const notificationFanOutSweepJob = defineJob({
  name: 'notification-fan-out-sweep',
  queue: 'fan-out',
  schema: sweepSchema,
  repeat: { pattern: '* * * * *' },
  attempts: 1,
  process: async () => {
    await sweepFanOuts(getDb());
  },
});
