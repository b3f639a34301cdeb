import { z } from 'zod';
import { getDb, type JobDefinition } from '@modules/shared/index.server';
import { sendWelcomeEmail } from '@modules/identity/index.server';

const schema = z.object({
  /** Unique per batch: a retried batch reuses it, so nobody gets the email twice. */
  batchKey: z.string().min(1).max(100),
  userIds: z.array(z.number().int().positive()).min(1).max(5000),
});

/** Creates a password-create link for each user and sends the welcome email. */
export const welcomeEmailBatchJob: JobDefinition<typeof schema> = {
  name: 'welcome-email-batch',
  schema,
  process: async ({ batchKey, userIds }) => {
    const db = getDb();
    for (const userId of userIds) await sendWelcomeEmail(db, { userId, batchKey });
  },
};
