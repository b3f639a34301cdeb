import { afterAll, describe, expect, it } from 'vitest';
import { enqueue, getDb, getJobProgress } from '@modules/shared/index.server';
import { createFanOutNotification, fanOutJobId } from '@modules/social/index.server';
import { makeOrganisation } from '../tests/support/factories';
import { insertBulkUsers } from '../tests/support/bulk-users';
import { deleteQueueKeys, expireDeadWorkerLocks, startWorkerProcess, waitFor, type WorkerProcess } from '../tests/support/worker-process';

/**
 * The notification fan-out on a real `npm run worker` process (BullMQ on Redis), killed with
 * SIGKILL mid-run and restarted (issue 28 §2, decision 258): every member of the organisation gets
 * the notification exactly once. Skipped without REDIS_URL and DATABASE_URL (a second process
 * cannot open this file's in-memory PGlite database; CI sets both).
 */
const canRun = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);
const N = 30_000;
const workers: WorkerProcess[] = [];

afterAll(async () => {
  for (const w of workers) await w.kill9();
  await deleteQueueKeys();
});

describe.skipIf(!canRun)('notification fan-out on a BullMQ worker process (Redis)', () => {
  it('a worker killed (kill -9) mid-fan-out and a new worker: every recipient once, none twice', async () => {
    const db = getDb();
    const organisationId = await makeOrganisation();
    await insertBulkUsers(db, organisationId, N);
    const id = await createFanOutNotification(db, { kind: 'organisation', id: organisationId, unlockedOnly: true }, { type: 1, title: 'Everyone, please read' });
    const delivered = async () => Number((await db.selectFrom('user_notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('notification_id', '=', id).executeTakeFirstOrThrow()).n);

    const first = await startWorkerProcess({}, 120_000);
    workers.push(first);
    await enqueue('notification-fan-out', { notificationId: id }, { jobId: fanOutJobId(id) });
    await waitFor('some deliveries', async () => (await delivered()) >= 2_000, 60_000, 5);
    await first.kill9();
    const atKill = await delivered();
    expect(atKill, 'the kill landed mid-fan-out').toBeLessThan(N);

    expect((await expireDeadWorkerLocks(['fan-out']))['fan-out']).toEqual([fanOutJobId(id)]);
    const second = await startWorkerProcess({}, 120_000);
    workers.push(second);
    await waitFor('the fan-out completed', async () => (await getJobProgress('fan-out', fanOutJobId(id)))?.state === 'completed', 90_000, 200);
    await second.stop();

    const rows = await db.selectFrom('user_notifications').select('user_id').where('notification_id', '=', id).execute();
    expect(rows).toHaveLength(N);
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(N);
    const note = await db.selectFrom('notifications').select('fanned_out_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(note.fanned_out_at).not.toBeNull();
  }, 240_000);
});
