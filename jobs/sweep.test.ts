import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drainInProcessJobs, getDb, MAX_DELIVERY_ATTEMPTS } from '@modules/shared/index.server';
import { sweepJob } from './sweep.job';
import { runJobsInProcess } from '../tests/support/jobs-in-process';

/**
 * The sweep resends what a lost job left behind: the communication row, not the job, is the
 * truth. Jobs run in-process here; the sweep itself is the same function the worker runs.
 */
runJobsInProcess();

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function communication(status: string, updatedAt: Date, attempts = 0) {
  const row = await getDb()
    .insertInto('communications')
    .values({
      message_key: `sweep:${randomBytes(6).toString('hex')}`,
      recipient: 'ana@example.test',
      subject: `A ${status} email`,
      html: '<p>Hello</p>',
      kind: 'test',
      status,
      attempts,
      updated_at: updatedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const statusOf = async (id: number) =>
  (await getDb().selectFrom('communications').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow());

describe('the sweep job', () => {
  it('sends emails left queued by a lost job, retries exhausted ones and sends interrupted for 15 minutes again, and leaves the rest', async () => {
    const lostQueued = await communication('queued', ago(5));
    const justQueued = await communication('queued', ago(0));
    const exhausted = await communication('failed', ago(30), 5);
    const recentlyFailed = await communication('failed', ago(1), 1);
    const givenUp = await communication('failed', ago(30), MAX_DELIVERY_ATTEMPTS);
    const interrupted = await communication('sending', ago(20), 1);
    const sending = await communication('sending', ago(1), 1);
    const stillSending = await communication('sending', ago(10), 1);
    const sent = await communication('sent', ago(30), 1);

    await sweepJob.process({});
    await drainInProcessJobs();

    // Without SMTP_URL a delivered email is 'logged'.
    expect(await statusOf(lostQueued)).toEqual({ status: 'logged', attempts: 1 });
    expect(await statusOf(exhausted)).toEqual({ status: 'logged', attempts: 6 });
    expect(await statusOf(interrupted)).toEqual({ status: 'logged', attempts: 2 });
    expect(await statusOf(stillSending)).toEqual({ status: 'sending', attempts: 1 });
    expect(await statusOf(justQueued)).toEqual({ status: 'queued', attempts: 0 });
    expect(await statusOf(recentlyFailed)).toEqual({ status: 'failed', attempts: 1 });
    expect(await statusOf(givenUp)).toEqual({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
    expect(await statusOf(sending)).toEqual({ status: 'sending', attempts: 1 });
    expect(await statusOf(sent)).toEqual({ status: 'sent', attempts: 1 });

    // A second sweep right after finds nothing new to send.
    await sweepJob.process({});
    await drainInProcessJobs();
    expect(await statusOf(recentlyFailed)).toEqual({ status: 'failed', attempts: 1 });
  });
});
