import { z } from 'zod';
import { defineJob, getDb, pruneRateLimits, pruneUnreferencedBlobs, UNREFERENCED_BLOB_GRACE_MS, type Db } from '@modules/shared/index.server';
import { pruneExpiredSessions } from '@modules/identity/index.server';
import { applyRetention, pruneExpiredDataExports, pruneNewsletterTokens, runDueErasures } from '@modules/admin/index.server';
import { pruneFeedbackTokens, pruneUnattachedFiles, purgeDeletedComments } from '@modules/social/index.server';

const schema = z.object({}).passthrough();

declare module '@modules/shared/queue.server' {
  interface JobPayloads {
    housekeeping: z.input<typeof schema>;
  }
}

/**
 * Stored files nothing refers to any more (decision 242): uploads never attached to a post (or taken
 * off it) for a day are deleted, then every blob older than a day that no content, profile, file or
 * task answer refers to, with its resized copies and its bytes. Answers how many blobs went.
 */
export async function pruneStoredFiles(db: Db, now = new Date()): Promise<number> {
  await pruneUnattachedFiles(db, new Date(now.getTime() - UNREFERENCED_BLOB_GRACE_MS));
  let total = 0;
  for (;;) {
    const n = await pruneUnreferencedBlobs(db, now);
    total += n;
    if (n < 500) return total;
  }
}

/**
 * Hourly: drops expired sessions, one-time, newsletter and peer feedback tokens, rate-limit windows,
 * comments deleted over 10 minutes ago and unreferenced files; performs the erasures people asked for
 * that came due (decision 262); applies the retention periods (RETENTION_*, decision 263); deletes
 * data exports past 7 days. Safe to run twice.
 */
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
    await runDueErasures(getDb());
    await applyRetention(getDb());
    await pruneExpiredDataExports(getDb());
    await purgeDeletedComments(getDb());
    await pruneStoredFiles(getDb());
  },
});
