import { afterAll, beforeAll } from 'vitest';
import { resetEnvCache } from '@modules/shared/index.server';

/**
 * For a test file whose jobs run in this process (no REDIS_URL), whatever the run set: REDIS_URL is
 * unset before the file's tests and given back after them. The BullMQ path has tests of its own.
 */
export function runJobsInProcess() {
  const saved = process.env.REDIS_URL;
  beforeAll(() => {
    delete process.env.REDIS_URL;
    resetEnvCache();
  });
  afterAll(() => {
    if (saved) process.env.REDIS_URL = saved;
    resetEnvCache();
  });
}
