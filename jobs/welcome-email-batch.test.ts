import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainInProcessJobs, enqueue, getDb, LINK_REMOVED, readDevOutbox, resetEnvCache } from '@modules/shared/index.server';
import { makeUser } from '../tests/support/factories';
import { welcomeEmailBatchJob } from './welcome-email-batch.job';

/**
 * The welcome-email batch without Redis: enqueue runs the same processor in this process.
 * (jobs/worker.test.ts runs the same batch through a BullMQ worker on Redis.)
 */
const PUBLIC_URL = 'https://leda.example.test';
const saved = { REDIS_URL: process.env.REDIS_URL, PUBLIC_URL: process.env.PUBLIC_URL };

beforeAll(() => {
  delete process.env.REDIS_URL;
  process.env.PUBLIC_URL = PUBLIC_URL;
  resetEnvCache();
});

afterAll(() => {
  if (saved.REDIS_URL) process.env.REDIS_URL = saved.REDIS_URL;
  process.env.PUBLIC_URL = saved.PUBLIC_URL;
  resetEnvCache();
});

const welcomesTo = (email: string) =>
  getDb().selectFrom('communications').selectAll().where('recipient', '=', email).where('kind', '=', 'welcome').execute();

describe('welcome-email-batch (in-process jobs)', () => {
  it('sends each user one welcome email with a password-create link, and a re-run sends nothing new', async () => {
    const users = [await makeUser({ withPassword: false }), await makeUser({ withPassword: false })];
    const batchKey = `batch-${randomBytes(4).toString('hex')}`;

    await enqueue('welcome-email-batch', { batchKey, userIds: users.map((u) => u.userId) });
    await drainInProcessJobs();

    for (const user of users) {
      const rows = await welcomesTo(user.email);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('logged');
      expect(rows[0]!.subject).toBe('Welcome to Leda: create your password');
      // Stored without a usable link; the delivered copy (development outbox) carries a fresh one.
      expect(rows[0]!.html).toContain(`${PUBLIC_URL}/auth/password-create/${LINK_REMOVED}`);
      expect(readDevOutbox(rows[0]!)).toMatch(new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/auth/password-create/[A-Za-z0-9_-]{40,}`));
    }

    await enqueue('welcome-email-batch', { batchKey, userIds: users.map((u) => u.userId) });
    await drainInProcessJobs();
    for (const user of users) expect(await welcomesTo(user.email)).toHaveLength(1);

    // A new batch within the hour sends nothing (at most one welcome email per person per hour);
    // an hour later it is a new invitation.
    await enqueue('welcome-email-batch', { batchKey: `${batchKey}-again`, userIds: [users[0]!.userId] });
    await drainInProcessJobs();
    expect(await welcomesTo(users[0]!.email)).toHaveLength(1);
    await getDb().updateTable('communications').set({ created_at: sql`created_at - interval '61 minutes'` as never }).where('recipient', '=', users[0]!.email).execute();
    await enqueue('welcome-email-batch', { batchKey: `${batchKey}-later`, userIds: [users[0]!.userId] });
    await drainInProcessJobs();
    expect(await welcomesTo(users[0]!.email)).toHaveLength(2);
  });

  it('skips, at send time, a person who has created their password since the batch was asked for', async () => {
    const [waiting, active] = [await makeUser({ withPassword: false }), await makeUser()];
    await welcomeEmailBatchJob.process({ batchKey: `active-${randomBytes(4).toString('hex')}`, userIds: [waiting.userId, active.userId] });
    await drainInProcessJobs();
    expect(await welcomesTo(waiting.email)).toHaveLength(1);
    expect(await welcomesTo(active.email)).toHaveLength(0);
  });

  it('skips a user who no longer exists, and refuses an empty or malformed batch', async () => {
    const user = await makeUser({ withPassword: false });
    await welcomeEmailBatchJob.process({ batchKey: `gone-${randomBytes(4).toString('hex')}`, userIds: [1_999_999_999, user.userId] });
    await drainInProcessJobs();
    expect(await welcomesTo(user.email)).toHaveLength(1);

    await expect(enqueue('welcome-email-batch', { batchKey: 'x', userIds: [] })).rejects.toThrow();
    // @ts-expect-error the payload type comes from the job's schema: a missing batchKey fails tsc, and the runtime too
    await expect(enqueue('welcome-email-batch', { userIds: [user.userId] })).rejects.toThrow();
  });
});
