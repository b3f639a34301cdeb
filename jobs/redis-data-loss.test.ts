import { randomBytes } from 'node:crypto';
import { UnrecoverableError, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureJobSchedulers, getDb, getQueue, getRedis, getWorkerRedis, queuePrefix, registerJobs, retryUndeliveredCommunications, startSchedules, type QueueName } from '@modules/shared/index.server';
import { startSmtpServer, type TestSmtpServer } from '../tests/support/smtp-server';
import { deleteQueueKeys, startWorkerProcess, waitFor, type WorkerProcess } from '../tests/support/worker-process';
import { allJobs } from './registry';

/**
 * Redis losing its data under a running worker (security issue item 4): the BullMQ job schedulers
 * (sweep, reminders, scheduled-post publishing, housekeeping, journey unlocks) come back without a
 * restart, and an email whose job was lost with Redis's data is sent, because the sweep that runs at
 * once finds its database row still queued. "Losing its data" is this file's keys deleted (its own
 * REDIS_PREFIX): a FLUSHALL would wipe every other test file's queues on the shared Redis.
 * Skipped without REDIS_URL because this is about Redis itself (CI's .ci/run always sets it); the
 * worker-process test also needs DATABASE_URL, because a second process cannot open this file's
 * in-memory PGlite database (CI sets DATABASE_URL too).
 */
const hasRedis = Boolean(process.env.REDIS_URL);
const canSpawn = hasRedis && Boolean(process.env.DATABASE_URL);
const REPEATING = allJobs.filter((j) => 'repeat' in j && j.repeat).map((j) => ({ name: j.name, queue: j.queue as QueueName }));
let smtp: TestSmtpServer | undefined;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  if (hasRedis) smtp = await startSmtpServer();
});

afterAll(async () => {
  for (const w of workers) await w.kill9();
  await deleteQueueKeys();
  await smtp?.close();
});

/** The repeating jobs whose BullMQ job scheduler is missing from Redis. */
async function missingSchedulers() {
  const missing: string[] = [];
  for (const { name, queue } of REPEATING) if (!(await getQueue(queue)!.getJobScheduler(name))) missing.push(name);
  return missing;
}

describe.skipIf(!canSpawn)('a running `npm run worker` when Redis loses its data', () => {
  it('re-creates every job scheduler and sends an email whose job was lost', async () => {
    expect(REPEATING.map((r) => r.name).sort()).toEqual(expect.arrayContaining(['housekeeping', 'publish-due-posts', 'reminders', 'sweep']));
    const worker = await startWorkerProcess({ SMTP_URL: smtp!.url, JOB_SCHEDULE_CHECK_SECONDS: '1' });
    workers.push(worker);
    expect(await missingSchedulers()).toEqual([]);

    // Redis restarts empty: every queue key of this deployment is gone, the worker keeps running.
    await deleteQueueKeys();
    expect(await missingSchedulers()).toEqual(REPEATING.map((r) => r.name));
    // An email recorded during the outage: its row says queued, its job went with Redis's data.
    const recipient = `lost-${randomBytes(4).toString('hex')}@worker.test`;
    const { id } = await getDb()
      .insertInto('communications')
      .values({
        message_key: `lost-email-${recipient}`,
        recipient,
        subject: 'Queued during the outage',
        html: '<p>Still to be sent.</p>',
        text: null,
        kind: 'test-outage',
        status: 'queued',
        updated_at: new Date(Date.now() - 5 * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    let missing: string[] = [];
    await waitFor(() => `the schedulers back (missing: ${missing.join(', ')})`, async () => (missing = await missingSchedulers()).length === 0, 20_000, 200);
    const sent = await waitFor(
      'the lost email sent',
      async () => {
        const row = await getDb().selectFrom('communications').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
        return row.status === 'sent' ? row : undefined;
      },
      20_000,
      200,
    );
    expect(sent.attempts).toBe(1);
    expect(smtp!.messages.filter((m) => m.to.includes(recipient)).map((m) => m.subject)).toEqual(['Queued during the outage']);
    expect(worker.output()).toContain('job schedulers were missing from Redis');
    await worker.stop();
  }, 90_000);
});

describe.skipIf(!hasRedis)('job schedulers after a reconnect (Redis)', () => {
  it('a process that started the schedulers re-creates them when its connection to Redis is ready again', async () => {
    registerJobs(allJobs);
    await startSchedules();
    expect(await missingSchedulers()).toEqual([]);
    await deleteQueueKeys();
    expect((await missingSchedulers()).length).toBe(REPEATING.length);
    // Redis restarts: the connection drops and comes back ('ready'); no timer is due yet (30 s by default).
    getRedis()!.disconnect(true);
    await waitFor('the schedulers back after the reconnect', async () => (await missingSchedulers().catch(() => ['error'])).length === 0, 15_000, 100);
    // Checking again finds nothing to do (idempotent: nothing is re-created twice).
    expect(await ensureJobSchedulers()).toEqual([]);
  }, 30_000);
});

describe.skipIf(!hasRedis)('the sweep re-enqueues pending emails under stable job ids (Redis)', () => {
  it('a second sweep while the job still waits adds nothing; a finished job under the id is replaced', async () => {
    registerJobs(allJobs);
    const recipient = `stable-${randomBytes(4).toString('hex')}@worker.test`;
    const row = await getDb()
      .insertInto('communications')
      .values({ message_key: `stable-${recipient}`, recipient, subject: 'Stable', html: '<p>x</p>', text: null, kind: 'test-outage', status: 'queued', updated_at: new Date(Date.now() - 5 * 60_000) })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    const jobId = `email-${row.id}-${row.created_at.getTime()}-0`;
    const email = getQueue('email')!;
    const jobsFor = async () => (await email.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).filter((j) => j.data.communicationId === row.id);

    expect(await retryUndeliveredCommunications(getDb())).toBeGreaterThanOrEqual(1);
    expect((await jobsFor()).map((j) => j.id)).toEqual([jobId]);
    // No worker ran it (a backlog): two minutes on, the next sweep finds the row again and adds nothing.
    await getDb().updateTable('communications').set({ updated_at: new Date(Date.now() - 5 * 60_000) }).where('id', '=', row.id).execute();
    await retryUndeliveredCommunications(getDb());
    expect((await jobsFor()).map((j) => j.id)).toEqual([jobId]);

    // A job under that id that failed without sending (before it claimed the row) does not block the next try.
    const failing = new Worker('email', async () => {
      throw new UnrecoverableError('failed before claiming the row');
    }, { connection: getWorkerRedis()!, prefix: queuePrefix() });
    try {
      await waitFor('the job failed', async () => (await email.getJob(jobId))?.isFailed(), 15_000, 50);
    } finally {
      await failing.close();
    }
    await getDb().updateTable('communications').set({ updated_at: new Date(Date.now() - 5 * 60_000) }).where('id', '=', row.id).execute();
    await retryUndeliveredCommunications(getDb());
    const again = await jobsFor();
    expect(again.map((j) => j.id)).toEqual([jobId]);
    expect(await again[0]!.getState()).toBe('waiting');
    await email.remove(jobId);
  });
});
