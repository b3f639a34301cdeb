import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cancel,
  enqueue,
  getDb,
  getJobProgress,
  getQueue,
  getRedis,
  loadEnv,
  registerJobs,
  schedule,
  sendEmail,
  startSchedules,
  sweepScheduledJobs,
} from '@modules/shared/index.server';
import { makeUser } from '../tests/support/factories';
import { createWorkers, type Workers } from './worker';

/**
 * Queues, schedules and progress on a real Redis (this file's own REDIS_PREFIX): a delayed job
 * with a stable id is replaced or cancelled, the cron schedules become BullMQ job schedulers,
 * and a job's progress is readable from the web side.
 * Skipped without REDIS_URL: the in-process mirror is covered by modules/shared/queue.server.test.ts.
 */
const hasRedis = Boolean(process.env.REDIS_URL);

const noteSchema = z.object({ note: z.string().max(50) });
declare module '@modules/shared/queue.server' {
  interface JobPayloads {
    'test-redis-note': z.input<typeof noteSchema>;
    'test-redis-slow-bulk': { ms: number };
  }
}
const notes: string[] = [];

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!hasRedis)('queues on BullMQ (Redis)', () => {
  let workers: Workers | undefined;

  beforeAll(async () => {
    registerJobs([
      { name: 'test-redis-note', queue: 'publishing', schema: noteSchema, process: async ({ note }) => void notes.push(note) },
      {
        name: 'test-redis-slow-bulk',
        queue: 'bulk',
        schema: z.object({ ms: z.number().int().max(10_000) }),
        process: async ({ ms }) => {
          await new Promise((r) => setTimeout(r, ms));
          notes.push('bulk done');
        },
      },
    ]);
  });

  afterAll(async () => {
    await workers?.close();
    const redis = getRedis();
    if (redis) {
      const keys = await redis.keys(`${loadEnv().REDIS_PREFIX}:*`);
      if (keys.length) await redis.del(...keys);
    }
  });

  it('a delayed job with a stable id is replaced, not doubled, and a cancelled one is removed', async () => {
    const publishing = getQueue('publishing')!;
    await schedule('test-redis-note', { note: 'v1' }, new Date(Date.now() + 3_600_000), 'post-10');
    await schedule('test-redis-note', { note: 'v2' }, new Date(Date.now() + 7_200_000), 'post-10');
    const delayed = await publishing.getDelayed();
    expect(delayed.map((j) => j.id)).toEqual(['sched-post-10']);
    expect(delayed[0]!.delay).toBeGreaterThan(3_600_000);

    expect(await cancel('post-10')).toBe(true);
    expect(await publishing.getDelayed()).toEqual([]);
    expect(await getDb().selectFrom('scheduled_jobs').select('id').where('id', '=', 'post-10').execute()).toEqual([]);
  });

  it('a worker runs a scheduled job at its time, once, with the latest payload', async () => {
    notes.length = 0;
    workers = createWorkers();
    await workers.waitUntilReady();
    await schedule('test-redis-note', { note: 'old' }, new Date(Date.now() + 60_000), 'post-11');
    await schedule('test-redis-note', { note: 'new' }, new Date(Date.now() + 300), 'post-11');
    await waitFor('the scheduled job', () => notes.length > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(notes).toEqual(['new']);
    expect(await getDb().selectFrom('scheduled_jobs').select('id').where('id', '=', 'post-11').execute()).toEqual([]);
    // A sweep afterwards has nothing left to run.
    expect(await sweepScheduledJobs({ graceMs: 0 })).toBe(0);
  });

  it('the web side reads a running job’s progress', async () => {
    workers ??= createWorkers();
    const users = [await makeUser({ withPassword: false }), await makeUser({ withPassword: false })];
    const { jobId } = await enqueue('welcome-email-batch', { batchKey: `progress-${Date.now()}`, userIds: users.map((u) => u.userId) }, { jobId: `welcome-progress-${Date.now()}` });
    await waitFor('the batch', async () => (await getJobProgress('bulk', jobId))?.state === 'completed');
    expect(await getJobProgress('bulk', jobId)).toEqual({ state: 'completed', progress: { done: 2, total: 2 } });
    expect(await getJobProgress('email', jobId)).toBeUndefined();
  });

  it('each concern has its own queue and concurrency: a busy bulk queue does not hold up an email', async () => {
    workers ??= createWorkers();
    expect(workers.workers.get('email')!.concurrency).toBe(5);
    expect(workers.workers.get('bulk')!.concurrency).toBe(1);
    notes.length = 0;
    await enqueue('test-redis-slow-bulk', { ms: 3000 });
    await enqueue('test-redis-slow-bulk', { ms: 3000 });
    const { communicationId } = await sendEmail(getDb(), { to: 'ana@example.test', subject: 'Hello', html: '<p>Hi</p>', kind: 'test', key: `queues-${Date.now()}` });
    await waitFor('the email', async () => {
      const row = await getDb().selectFrom('communications').select('status').where('id', '=', communicationId).executeTakeFirstOrThrow();
      return row.status === 'logged';
    });
    expect(notes).toEqual([]); // both bulk jobs still queued or running, one at a time
    await waitFor('the bulk jobs', () => notes.length === 2);
  });

  it('cron schedules become BullMQ job schedulers with their pattern and time zone', async () => {
    await startSchedules();
    const schedulers = await getQueue('maintenance')!.getJobSchedulers();
    const byName = Object.fromEntries(schedulers.map((s) => [s.name, s]));
    expect(byName.housekeeping).toMatchObject({ pattern: '17 * * * *', tz: 'UTC' });
    expect(byName.sweep).toMatchObject({ pattern: '* * * * *' });
    // Idempotent: a second start (a restart, a second worker) keeps one scheduler per job.
    await startSchedules();
    expect(await getQueue('maintenance')!.getJobSchedulers()).toHaveLength(schedulers.length);
  });
});
