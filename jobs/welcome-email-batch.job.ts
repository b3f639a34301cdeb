import { z } from 'zod';
import { defineJob, getDb, idNumber } from '@modules/shared/index.server';
import { sendWelcomeEmail } from '@modules/identity/index.server';
import { welcomeRecipients } from '@modules/admin/index.server';

const schema = z.object({
  /** Unique per batch: a retried batch reuses it, so nobody gets the email twice. */
  batchKey: z.string().min(1).max(100),
  userIds: z.array(idNumber).min(1).max(10_000),
});

declare module '@modules/shared/queue.server' {
  interface JobPayloads {
    'welcome-email-batch': z.input<typeof schema>;
  }
}

/**
 * The pace of a batch: at most this many welcome emails handed to delivery per second, so a
 * 10,000-person batch reaches the mail server in about 40 s instead of all at once (decision 215).
 */
export const WELCOME_EMAILS_PER_SECOND = 250;
/** How many of a batch's emails are prepared (link, stored message, delivery job) at the same time. */
export const WELCOME_EMAILS_AT_ONCE = 8;

/**
 * Creates a password-create link for each user still waiting to activate and sends the welcome email
 * (at most one an hour per person); reports progress.
 */
export const welcomeEmailBatchJob = defineJob({
  name: 'welcome-email-batch',
  queue: 'bulk',
  schema,
  process: async ({ batchKey, userIds }, ctx) => {
    const db = getDb();
    const started = Date.now();
    let done = 0;
    for (let i = 0; i < userIds.length; i += WELCOME_EMAILS_AT_ONCE) {
      // The message key (batch + user) is the ledger: a re-run after a crash skips who already has it.
      // A few users at once: each email is a handful of database round trips, so one at a time
      // left the batch far below its pace (10,000 took ~100 s).
      // Asked again at send time (issue 8): someone who created their password since, or was welcomed
      // by another batch within the hour, is skipped; this batch's own emails do not count.
      const { eligible } = await welcomeRecipients(db, userIds.slice(i, i + WELCOME_EMAILS_AT_ONCE), { batchKey });
      await Promise.all(eligible.map((userId) => sendWelcomeEmail(db, { userId, batchKey })));
      const before = done;
      done = Math.min(userIds.length, i + WELCOME_EMAILS_AT_ONCE);
      // About every 25 users and at the end: enough for a progress bar, cheap on Redis.
      if (ctx && (Math.floor(done / 25) > Math.floor(before / 25) || done === userIds.length)) await ctx.updateProgress({ done, total: userIds.length });
      const ahead = (done / WELCOME_EMAILS_PER_SECOND) * 1000 - (Date.now() - started);
      if (ahead > 20) await new Promise((r) => setTimeout(r, ahead));
    }
  },
});
