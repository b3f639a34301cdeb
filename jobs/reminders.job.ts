import { z } from 'zod';
import { defineJob, logger } from '@modules/shared/index.server';
import { sweepReminders, type SweepOptions } from '@modules/social/index.server';

const schema = z.object({}).passthrough();

declare module '@modules/shared/queue.server' {
  interface JobPayloads {
    reminders: z.input<typeof schema>;
  }
}

/** Tests only: options for the next sweeps run by the job (a fixed clock, a simulated crash). */
let testOptions: SweepOptions | undefined;
export function setReminderSweepOptionsForTests(opts: SweepOptions | undefined) {
  testOptions = opts;
}

/**
 * Every 15 minutes, ONE sweep sends the reminder emails that are due in each user's own time zone
 * (activities, journey, Leda updates, team digest; decision 199), rather than one cron per user.
 * Idempotent: the reminder_sends ledger and the communications' message keys make a retry or a
 * second worker send nothing twice; a crash mid-sweep rolls back the unfinished batch, which the
 * retry (or the next run) sends.
 */
export const remindersJob = defineJob({
  name: 'reminders',
  queue: 'reminders',
  schema,
  repeat: { pattern: '*/15 * * * *', tz: 'UTC' },
  attempts: 3,
  process: async () => {
    const result = await sweepReminders(testOptions);
    logger().info({ sent: result.sent, users: result.users }, 'reminder sweep');
  },
});
