import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resetEnvCache } from './env.server';
import { drainInProcessJobs, enqueue, registerJobs, type JobDefinition } from './queue.server';

const flakySchema = z.object({ n: z.coerce.number() });

/** The job port without Redis: the same processors run in this process, with retries. */
const savedRedisUrl = process.env.REDIS_URL;
beforeAll(() => {
  delete process.env.REDIS_URL;
  resetEnvCache();
});
afterAll(() => {
  if (savedRedisUrl) process.env.REDIS_URL = savedRedisUrl;
  resetEnvCache();
});

describe('enqueue (in-process)', () => {
  it('runs the processor with the validated payload and retries a failure', async () => {
    const seen: number[] = [];
    let failures = 2;
    const flaky: JobDefinition<typeof flakySchema> = {
      name: 'test-flaky',
      schema: flakySchema,
      process: async ({ n }) => {
        if (failures-- > 0) throw new Error('flaky');
        seen.push(n);
      },
    };
    registerJobs([flaky as JobDefinition]);
    await enqueue('test-flaky', { n: '7' });
    await drainInProcessJobs();
    expect(seen).toEqual([7]);
  });

  it('refuses an unknown job or a payload that does not match its schema, before anything runs', async () => {
    let ran = false;
    registerJobs([{ name: 'test-strict', schema: z.object({ id: z.number().int() }), process: async () => void (ran = true) }]);
    await expect(enqueue('no-such-job', {})).rejects.toThrow(/Unknown job no-such-job/);
    await expect(enqueue('test-strict', { id: 'one' })).rejects.toThrow();
    await drainInProcessJobs();
    expect(ran).toBe(false);
  });

  it('waits for a delayed job when draining', async () => {
    const done: string[] = [];
    registerJobs([{ name: 'test-delayed', schema: z.object({}), process: async () => void done.push('ran') }]);
    await enqueue('test-delayed', {}, { delayMs: 50 });
    expect(done).toEqual([]);
    await drainInProcessJobs();
    expect(done).toEqual(['ran']);
  });
});
