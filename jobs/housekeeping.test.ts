import { describe, expect, it } from 'vitest';
import { getDb, rateLimiter, tryConsume } from '@modules/shared/index.server';
import { startSession, validateSessionId } from '@modules/identity/index.server';
import { housekeepingJob } from './housekeeping.job';
import { makeUser } from '../tests/support/factories';

describe('housekeeping job', () => {
  it('drops expired sessions and rate-limit windows, and keeps live ones', async () => {
    const u = await makeUser();
    const live = await startSession(u.userId);
    const old = await startSession(u.userId);
    await getDb().updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', old.sessionId).execute();
    const limiter = rateLimiter('housekeeping-test', 1, 1);
    expect(await tryConsume(limiter, ['k'])).toBe(true);
    await getDb().updateTable('rate_limits').set({ expires_at: new Date(Date.now() - 1000) }).execute();

    await housekeepingJob.process({});

    expect(await validateSessionId(live.sessionId)).not.toBeNull();
    const sessions = await getDb().selectFrom('sessions').select('id').where('user_id', '=', u.userId).execute();
    expect(sessions.map((s) => s.id)).toEqual([live.sessionId]);
    if (!process.env.REDIS_URL) {
      const windows = await getDb().selectFrom('rate_limits').select('key').execute();
      expect(windows).toEqual([]);
    }
  });

  it('lets a key in again after its window has passed', async () => {
    const limiter = rateLimiter('window-test', 2, 60);
    expect(await tryConsume(limiter, ['a'])).toBe(true);
    expect(await tryConsume(limiter, ['a'])).toBe(true);
    expect(await tryConsume(limiter, ['a'])).toBe(false);
    expect(await tryConsume(limiter, ['b'])).toBe(true);
  });
});
