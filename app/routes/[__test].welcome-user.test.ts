import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drainInProcessJobs, getDb, resetEnvCache } from '@modules/shared/index.server';
import { action, loader } from './[__test].welcome-user';
import { args, jsonRequest, run } from '../../tests/support/remix';
import { makeTeam } from '../../tests/support/factories';
import { deliveredEmailTo } from '../../tests/support/outbox';

/**
 * The browser-test hook that creates a Demo Organisation member and sends their welcome (or
 * verify-account) email. Jobs run in-process here (REDIS_URL unset), as they do without Redis.
 */
const saved = { REDIS_URL: process.env.REDIS_URL };
const post = (body: unknown) => run<Record<string, unknown>>(() => action(args(jsonRequest('/__test/welcome-user', body))));
const userByEmail = (email: string) =>
  getDb().selectFrom('users').select(['id', 'password_hash', 'organisation_id', 'is_verified']).where('email', '=', email).executeTakeFirst();
const emailsTo = (email: string) => getDb().selectFrom('communications').select(['kind', 'html']).where('recipient', '=', email).execute();

let demo: { teamId: number; organisationId: number };

beforeAll(async () => {
  delete process.env.REDIS_URL;
  resetEnvCache();
  const { organisationId, teamId } = await makeTeam({ name: 'Leadership Team' });
  await getDb().updateTable('organisations').set({ name: 'Demo Organisation' }).where('id', '=', organisationId).execute();
  demo = { teamId, organisationId };
});

afterAll(() => {
  if (saved.REDIS_URL) process.env.REDIS_URL = saved.REDIS_URL;
  resetEnvCache();
});

afterEach(() => {
  delete process.env.E2E_TEST_HOOKS;
  process.env.APP_ENV = 'development';
  resetEnvCache();
});

describe('/__test/welcome-user (browser-test hook)', () => {
  it('is a 404 without E2E_TEST_HOOKS=1, even in development, and creates nobody', async () => {
    for (const flag of [undefined, '0', 'true']) {
      if (flag === undefined) delete process.env.E2E_TEST_HOOKS;
      else process.env.E2E_TEST_HOOKS = flag;
      const res = await post({ email: 'hidden-welcome@example.test' });
      expect(res.status).toBe(404);
      expect((await run(() => loader())).status).toBe(404);
    }
    expect(await userByEmail('hidden-welcome@example.test')).toBeUndefined();
  });

  it('is a 404 outside development even with the flag', async () => {
    process.env.E2E_TEST_HOOKS = '1';
    for (const appEnv of ['production', 'staging']) {
      process.env.APP_ENV = appEnv;
      resetEnvCache();
      expect((await post({ email: `prod-${appEnv}@example.test` })).status).toBe(404);
      expect(await userByEmail(`prod-${appEnv}@example.test`)).toBeUndefined();
    }
  });

  it('with the flag, creates a Leadership Team member without a password and sends the welcome email', async () => {
    process.env.E2E_TEST_HOOKS = '1';
    const res = await post({ email: 'New.Person@Example.test' });
    expect(res.status).toBe(200);
    expect(res.data.email).toBe('new.person@example.test');
    await drainInProcessJobs();
    const user = await userByEmail('new.person@example.test');
    expect(user).toMatchObject({ id: res.data.userId, password_hash: null, organisation_id: demo.organisationId, is_verified: false });
    const member = await getDb().selectFrom('team_users').select('team_id').where('user_id', '=', user!.id).execute();
    expect(member).toEqual([{ team_id: demo.teamId }]);
    const emails = await emailsTo('new.person@example.test');
    expect(emails.map((e) => e.kind)).toEqual(['welcome']);
    expect((await deliveredEmailTo('new.person@example.test')).html).toMatch(/\/auth\/password-create\/[\w-]{20,}/);
    // the same email again is refused (409), not a second account
    expect((await post({ email: 'new.person@example.test' })).status).toBe(409);
  });

  it("with purpose 'verify' sends the verify-account email; 'none' only makes the account", async () => {
    process.env.E2E_TEST_HOOKS = '1';
    expect((await post({ email: 'verify-me@example.test', purpose: 'verify' })).status).toBe(200);
    const emails = await emailsTo('verify-me@example.test');
    expect(emails.map((e) => e.kind)).toEqual(['verify-account']);
    expect((await deliveredEmailTo('verify-me@example.test')).html).toMatch(/\/auth\/verify-account\/[\w-]{20,}/);

    expect((await post({ email: 'plain@example.test', purpose: 'none', password: 'a-good-password-1' })).status).toBe(200);
    expect((await userByEmail('plain@example.test'))?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await emailsTo('plain@example.test')).toEqual([]);
  });

  it('answers bad bodies with 400 and a message', async () => {
    process.env.E2E_TEST_HOOKS = '1';
    for (const body of [{}, { email: 'not-an-email' }, { email: 'x@example.test', purpose: 'none' }, { email: 'y@example.test', password: 'welcome-has-none' }, 'not json']) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.data.errorMsg).toBe('string');
    }
  });
});
