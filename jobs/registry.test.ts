import { describe, expect, it } from 'vitest';
import { QUEUE_NAMES } from '@modules/shared/index.server';
import { allJobs } from './registry';

/** No queue without a job, no job on an unknown queue (issue 30 s.8): the worker starts one Worker per queue. */
describe('the job registry and the queues', () => {
  it('every queue has at least one job, and every job names a queue', () => {
    const used = new Set(allJobs.map((j) => j.queue));
    expect(QUEUE_NAMES.filter((q) => !used.has(q))).toEqual([]);
    expect([...used].filter((q) => !QUEUE_NAMES.includes(q))).toEqual([]);
  });
});
