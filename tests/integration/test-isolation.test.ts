import { describe, expect, it, vi } from 'vitest';
import { loadEnv, logger } from '@modules/shared/index.server';

/**
 * What a file finds when it starts, whichever file ran before it in the same worker (vitest
 * `isolate: false`, decision 231; issue 30 s.6, decision 321): the environment the set-up gives
 * every file, parsed again, real timers, no stubbed globals. `npm run test:shuffled` runs this file
 * at a different place each seed.
 */
describe('a test file starts from a clean worker', () => {
  it('sees the set-up environment, parsed for this file', () => {
    const env = loadEnv();
    expect(env.APP_ENV).toBe('development');
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.REDIS_PREFIX).toBe(process.env.REDIS_PREFIX);
    expect(env.SMTP_URL ?? null).toBeNull();
    expect(logger().level).toBe(process.env.LOG_LEVEL);
    expect(logger().bindings().env).toBe('development');
  });

  it('runs on real timers and the real clock', () => {
    expect(vi.isFakeTimers()).toBe(false);
    expect(Math.abs(Date.now() - performance.timeOrigin - performance.now())).toBeLessThan(5_000);
    expect(typeof globalThis.fetch).toBe('function');
  });
});
