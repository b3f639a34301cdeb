import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancel,
  closeRedis,
  getDb,
  getJobProgress,
  rateLimiter,
  resetEnvCache,
  resetRateLimiters,
  schedule,
  sendEmail,
  sweepScheduledJobs,
  tryConsume,
} from '@modules/shared/index.server';
import { LOGIN_ATTEMPTS_PER_MINUTE } from '@modules/identity/index.server';
import { action as loginAction } from '../../app/routes/auth+/login';
import { args, formRequest, run } from '../support/remix';
import { makeUser } from '../support/factories';

/**
 * Redis down (REDIS_URL points at a closed port; the shared Redis server is never stopped): the
 * web side answers within a second. Rate limits count in the database instead, and an email is
 * stored as queued with its send job kept in the database, which the sweep runs once it can.
 */
const saved = process.env.REDIS_URL;
const DOWN = 'redis://127.0.0.1:1';
const LOGIN_BUDGET_MS = 2000;

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

beforeAll(async () => {
  await closeRedis();
  process.env.REDIS_URL = DOWN;
  resetEnvCache();
  resetRateLimiters();
});

afterAll(async () => {
  await closeRedis();
  if (saved) process.env.REDIS_URL = saved;
  else delete process.env.REDIS_URL;
  resetEnvCache();
  resetRateLimiters();
});

describe('while Redis is down', () => {
  it('a login answers within a second, and the login limit still holds (counted in the database)', async () => {
    const u = await makeUser();
    const ok = await timed(() => run(() => loginAction(args(formRequest('/auth/login', { email: u.email, password: u.password })))));
    expect(ok.value.status).toBe(302);
    expect(ok.value.location).toBe('/app/home');
    // Before the fix this waited for Redis for over 20 s. The Redis part is held to 1 s below (the
    // limiter alone); the whole login gets 2 s because argon2 alone can take most of a second on a busy 2-core machine.
    expect(ok.ms).toBeLessThan(LOGIN_BUDGET_MS);

    const other = await makeUser();
    const answers: number[] = [];
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE + 1; i++) {
      const wrong = await timed(() => run(() => loginAction(args(formRequest('/auth/login', { email: other.email, password: 'not-the-password' })))));
      expect(wrong.ms).toBeLessThan(LOGIN_BUDGET_MS);
      answers.push(wrong.value.status);
    }
    const last = await run(() => loginAction(args(formRequest('/auth/login', { email: other.email, password: other.password }))));
    expect(last.status).toBe(429);
    expect(answers).toContain(429);
    expect(JSON.stringify(last.data)).toMatch(/too many/i);
    const windows = await getDb().selectFrom('rate_limits').select('key').where('key', 'like', `login:email:${other.email}`).execute();
    expect(windows).toHaveLength(1);
  });

  it('a page asking for a job’s progress gets "unknown" at once, not an error', async () => {
    const { value, ms } = await timed(() => getJobProgress('imports', 'import-1'));
    expect(value).toBeUndefined();
    expect(ms).toBeLessThan(1000);
  });

  it('scheduling and cancelling a delayed job answer at once; the row keeps it for the sweep', async () => {
    const id = `reminder-${randomBytes(3).toString('hex')}`;
    const { ms } = await timed(() => schedule('send-email', { communicationId: 1 }, new Date(Date.now() + 3_600_000), id));
    expect(ms).toBeLessThan(1000);
    expect(await getDb().selectFrom('scheduled_jobs').select('id').where('id', '=', id).execute()).toEqual([{ id }]);
    const cancelled = await timed(() => cancel(id));
    expect(cancelled.value).toBe(true);
    expect(cancelled.ms).toBeLessThan(1000);
  });

  it('a rate limiter falls back to the database at once', async () => {
    const limiter = rateLimiter(`outage-${randomBytes(3).toString('hex')}`, 2, 60);
    const results: boolean[] = [];
    const { ms } = await timed(async () => {
      for (let i = 0; i < 3; i++) results.push(await tryConsume(limiter, ['k']));
    });
    expect(results).toEqual([true, true, false]);
    expect(ms).toBeLessThan(1000);
  });

  it('an email is stored as queued at once, and sent by the sweep once jobs can run', async () => {
    const key = `outage:${randomBytes(4).toString('hex')}`;
    const { value, ms } = await timed(() =>
      sendEmail(getDb(), { to: 'ana@example.test', subject: 'Reset your password', html: '<p>Hello</p>', kind: 'test', key }),
    );
    expect(ms).toBeLessThan(1000);
    const row = await getDb().selectFrom('communications').select('status').where('id', '=', value.communicationId).executeTakeFirstOrThrow();
    expect(row.status).toBe('queued');
    const kept = await getDb().selectFrom('scheduled_jobs').select(['name', 'payload']).where('name', '=', 'send-email').execute();
    expect(kept).toContainEqual({ name: 'send-email', payload: { communicationId: value.communicationId } });

    // The sweep (the worker's, once Redis is back; here in-process) runs the kept job.
    delete process.env.REDIS_URL;
    resetEnvCache();
    try {
      await getDb().updateTable('scheduled_jobs').set({ run_at: new Date(Date.now() - 60_000) }).execute();
      expect(await sweepScheduledJobs()).toBeGreaterThanOrEqual(1);
    } finally {
      process.env.REDIS_URL = DOWN;
      resetEnvCache();
    }
    const sent = await getDb().selectFrom('communications').select('status').where('id', '=', value.communicationId).executeTakeFirstOrThrow();
    expect(sent.status).toBe('logged');
  });
});
