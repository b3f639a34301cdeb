import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getDb } from './db/db.server';
import {
  cancel,
  closeQueue,
  drainInProcessJobs,
  enqueue,
  getJobProgress,
  registerJobs,
  schedule,
  sweepScheduledJobs,
  type JobDefinition,
} from './queue.server';
import { nextCronRun } from './job-schedulers.server';
import { runJobsInProcess } from '../../tests/support/jobs-in-process';

/** The job port without Redis: the same processors run in this process, with retries, delays and progress. */
const flakySchema = z.object({ n: z.coerce.number() });
const noteSchema = z.object({ note: z.string().max(50) });

declare module './queue.server' {
  interface JobPayloads {
    'test-flaky': z.input<typeof flakySchema>;
    'test-strict': { id: number };
    'test-delayed': Record<string, never>;
    'test-note': z.input<typeof noteSchema>;
    'test-progress': { steps: number };
    'test-failing': Record<string, never>;
  }
}

runJobsInProcess();

const notes: string[] = [];
registerJobs([
  { name: 'test-note', queue: 'publishing', schema: noteSchema, process: async ({ note }) => void notes.push(note) },
  {
    name: 'test-progress',
    queue: 'imports',
    schema: z.object({ steps: z.number().int().max(10) }),
    process: async ({ steps }, ctx) => {
      for (let i = 1; i <= steps; i++) await ctx?.updateProgress({ done: i, total: steps });
    },
  },
  {
    name: 'test-failing',
    queue: 'reminders',
    schema: z.object({}),
    attempts: 2,
    process: async () => {
      throw new Error('remote service down');
    },
  },
]);

const rowOf = (id: string) => getDb().selectFrom('scheduled_jobs').selectAll().where('id', '=', id).executeTakeFirst();
const waitUntil = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('enqueue (in-process)', () => {
  it('runs the processor with the validated payload and retries a failure', async () => {
    const seen: number[] = [];
    let failures = 2;
    const flaky: JobDefinition<typeof flakySchema> = {
      name: 'test-flaky',
      queue: 'email',
      schema: flakySchema,
      process: async ({ n }) => {
        if (failures-- > 0) throw new Error('flaky');
        seen.push(n);
      },
    };
    registerJobs([flaky]);
    await enqueue('test-flaky', { n: '7' });
    await drainInProcessJobs();
    expect(seen).toEqual([7]);
  });

  it('refuses an unknown job or a payload that does not match its schema, at compile time and before anything runs', async () => {
    let ran = false;
    registerJobs([{ name: 'test-strict', queue: 'email', schema: z.object({ id: z.number().int() }), process: async () => void (ran = true) }]);
    // @ts-expect-error an unknown job name fails tsc
    await expect(enqueue('no-such-job', {})).rejects.toThrow(/Unknown job no-such-job/);
    // @ts-expect-error a payload of the wrong shape fails tsc
    await expect(enqueue('test-strict', { id: 'one' })).rejects.toThrow();
    await drainInProcessJobs();
    expect(ran).toBe(false);
  });

  it('waits for a delayed job when draining', async () => {
    const done: string[] = [];
    registerJobs([{ name: 'test-delayed', queue: 'email', schema: z.object({}), process: async () => void done.push('ran') }]);
    await enqueue('test-delayed', {}, { delayMs: 50 });
    expect(done).toEqual([]);
    await drainInProcessJobs();
    expect(done).toEqual(['ran']);
  });

  it('reports a job’s progress and state to the web side', async () => {
    const { jobId } = await enqueue('test-progress', { steps: 4 }, { jobId: 'import-progress-1' });
    expect(jobId).toBe('import-progress-1');
    expect((await getJobProgress('imports', jobId))?.state).toBe('waiting');
    await drainInProcessJobs();
    expect(await getJobProgress('imports', jobId)).toEqual({ state: 'completed', progress: { done: 4, total: 4 } });
    expect(await getJobProgress('email', jobId)).toBeUndefined();
    expect(await getJobProgress('imports', 'no-such-job')).toBeUndefined();
  });

  it('refuses at registration a job on a queue no worker listens to', () => {
    // @ts-expect-error the queue is one of QUEUES at compile time too
    expect(() => registerJobs([{ name: 'test-note', queue: 'emails', schema: noteSchema, process: async () => undefined }])).toThrow(/unknown queue emails/);
  });

  it('refuses job ids BullMQ cannot hold', async () => {
    await expect(enqueue('test-note', { note: 'x' }, { jobId: 'a:b' })).rejects.toThrow(/Bad job id/);
    await expect(enqueue('test-note', { note: 'x' }, { jobId: '42' })).rejects.toThrow(/Bad job id/);
    await expect(schedule('test-note', { note: 'x' }, new Date(), 'x'.repeat(151))).rejects.toThrow(/Bad job id/);
  });
});

describe('schedule and cancel (in-process)', () => {
  it('runs a delayed job once at its time; scheduling the same id again replaces it', async () => {
    notes.length = 0;
    await schedule('test-note', { note: 'first' }, new Date(Date.now() + 60_000), 'post-1');
    await schedule('test-note', { note: 'second' }, new Date(Date.now() + 150), 'post-1');
    expect(notes).toEqual([]);
    expect((await rowOf('post-1'))?.payload).toEqual({ note: 'second' });
    await waitUntil(() => notes.length > 0);
    await drainInProcessJobs();
    expect(notes).toEqual(['second']);
    expect(await rowOf('post-1')).toBeUndefined();
  });

  it('a cancelled job never runs', async () => {
    notes.length = 0;
    await schedule('test-note', { note: 'cancelled' }, new Date(Date.now() + 1000), 'post-2');
    expect(await cancel('post-2')).toBe(true);
    expect(await cancel('post-2')).toBe(false);
    await new Promise((r) => setTimeout(r, 1200)); // past its time
    await drainInProcessJobs();
    expect(notes).toEqual([]);
    expect(await rowOf('post-2')).toBeUndefined();
  });

  it('loses nothing over a restart: the sweep runs a row whose timer is gone, once', async () => {
    notes.length = 0;
    await schedule('test-note', { note: 'after restart' }, new Date(Date.now() + 3_600_000), 'post-3');
    // Time passes while the process is down: the row is due and no timer of this process remains.
    await getDb().updateTable('scheduled_jobs').set({ run_at: new Date(Date.now() - 60_000) }).where('id', '=', 'post-3').execute();
    expect(await sweepScheduledJobs()).toBe(1);
    expect(await sweepScheduledJobs()).toBe(0);
    expect(notes).toEqual(['after restart']);
  });

  it('a delayed enqueue is kept in the database too: a restart before its time loses nothing', async () => {
    notes.length = 0;
    const { jobId } = await enqueue('test-note', { note: 'delayed' }, { delayMs: 3_600_000 });
    expect(await rowOf(jobId)).toMatchObject({ name: 'test-note', payload: { note: 'delayed' } });
    expect((await getJobProgress('publishing', jobId))?.state).toBe('delayed');
    await closeQueue(); // the process stops: its timers are gone, and shutdown does not wait an hour
    await getDb().updateTable('scheduled_jobs').set({ run_at: new Date(Date.now() - 1000) }).where('id', '=', jobId).execute();
    expect(await sweepScheduledJobs()).toBe(1); // the next start's sweep
    expect(notes).toEqual(['delayed']);
  });

  it('retries a failing scheduled job later, then gives it up', async () => {
    await schedule('test-failing', {}, new Date(Date.now() - 1000), 'reminder-1');
    const before = Date.now();
    expect(await sweepScheduledJobs()).toBe(0);
    // The claimed attempt runs in-process after the sweep answers: on a loaded machine its failure is
    // recorded a moment later (a shuffled run, seed 42, read the row before it; decision 321).
    let row = await rowOf('reminder-1');
    for (let i = 0; i < 200 && row && row.last_error === null; i++) {
      await new Promise((r) => setTimeout(r, 50));
      row = await rowOf('reminder-1');
    }
    // The in-process retry timer may already be running the second attempt on a slow machine.
    expect(row!.attempts).toBeGreaterThanOrEqual(1);
    expect(row!.last_error).toBe('remote service down');
    expect(row!.run_at.getTime()).toBeGreaterThan(before); // moved later by the backoff
    await getDb().updateTable('scheduled_jobs').set({ run_at: new Date(Date.now() - 1000) }).where('id', '=', 'reminder-1').execute();
    await sweepScheduledJobs();
    await drainInProcessJobs(); // or its retry timer got there first
    expect(await rowOf('reminder-1')).toBeUndefined();
  });
});

describe('cron schedules', () => {
  it('computes the next run of a cron pattern in its time zone', () => {
    const from = new Date('2026-03-01T10:00:00Z');
    expect(nextCronRun('17 * * * *', 'UTC', from).toISOString()).toBe('2026-03-01T10:17:00.000Z');
    // 08:00 in Lisbon (UTC+0 in winter, UTC+1 in summer).
    expect(nextCronRun('0 8 * * *', 'Europe/Lisbon', from).toISOString()).toBe('2026-03-02T08:00:00.000Z');
    expect(nextCronRun('0 8 * * *', 'Europe/Lisbon', new Date('2026-07-01T10:00:00Z')).toISOString()).toBe('2026-07-02T07:00:00.000Z');
  });
});
