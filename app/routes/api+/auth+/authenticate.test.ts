import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { LicenseType } from '@modules/identity/schemas';
import { DAY } from '@modules/shared/clock';
import { resetEnvCache } from '@modules/shared/env.server';
import { apiRoute } from '~/utils/api.server';
import { action, loader } from './authenticate';
import { args, getRequest, jsonRequest, run, type ApiAnswer } from '../../../../tests/support/remix';
import type { SessionStartPayload } from '~/features/sign-in/session-start.server';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../../../tests/support/factories';

const post = (body: unknown, opts: { token?: string; cookie?: string } = {}) =>
  run<ApiAnswer<SessionStartPayload>>(() => action(args(jsonRequest('/api/auth/authenticate', body, opts))));

const EMPTY_START = {
  referenceData: { assessments: [], capabilities: [], games: [], journeys: [], modules: [] },
  referenceDataVersion: null,
  referenceDataUrl: null,
  myActivities: [],
  userJourneys: [],
  userNotifications: [],
  userProgress: { activity: {}, assessment: {}, content: {}, game: {}, video: {} },
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('POST /api/auth/authenticate (session start)', () => {
  it('without a token: logged out, keeping a sane anonymous id', async () => {
    const res = await post({ mlt: null, cid: '3b0c4a4e-8f7e-4c1a-9d52-7a0f5f1e2b6c' });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      env: 'development',
      underConstructionDate: null,
      token: null,
      user: null,
      anonymousId: '3b0c4a4e-8f7e-4c1a-9d52-7a0f5f1e2b6c',
      ...EMPTY_START,
    });
  });

  it('a missing or odd client id gets a new random UUID', async () => {
    const none = await post({});
    expect(none.data.anonymousId).toMatch(UUID);
    const odd = await post({ cid: '<img src=x onerror=alert(1)>' });
    expect(odd.status).toBe(200);
    expect(odd.data.anonymousId).toMatch(UUID);
    const empty = await post('');
    expect(empty.status).toBe(200);
    expect(empty.data.anonymousId).not.toBe(none.data.anonymousId);
  });

  it('with a valid x-access-token: the token and the current user with userPermissions', async () => {
    const { teamId, organisationId } = await makeTeam({ name: 'Leadership Team' });
    const u = await makeUser({ organisationId, firstName: 'Ada', lastName: 'Lovelace', teams: [{ teamId, isTeamAdmin: true }] });
    const { token } = await signIn(u.userId);
    const res = await post({ cid: 'abcdef123456' }, { token });
    expect(res.status).toBe(200);
    expect(res.data.token).toBe(token);
    expect(res.data.user).toEqual(await getCurrentUser(getDb(), u.userId));
    expect(res.data.user).toMatchObject({
      userId: u.userId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: u.email,
      userPermissions: {
        isLedaAdmin: false,
        organisationId,
        isOrganisationAdmin: false,
        teams: [{ teamId, isTeamAdmin: true, teamJourneys: [] }],
        licenseType: LicenseType.Full,
      },
    });
    expect(res.data).toMatchObject({
      env: 'development',
      underConstructionDate: null,
      anonymousId: 'abcdef123456',
      ...EMPTY_START,
      // Signed in: the catalogue version and its browser-cached URL (docs/decisions/144).
      referenceDataVersion: expect.any(Number),
      referenceDataUrl: expect.stringMatching(/^\/reference-data\/\d+$/),
    });
  });

  it('the session cookie works as well as the header', async () => {
    const u = await makeUser();
    const { cookie, token } = await signIn(u.userId);
    const res = await post({}, { cookie });
    expect(res.data.token).toBe(token);
    expect(res.data.user?.userId).toBe(u.userId);
  });

  it('a rejected token is not a 403 here: the answer is simply logged out', async () => {
    const u = await makeUser();
    const { token } = await signIn(u.userId);
    await getDb().deleteFrom('sessions').where('id', '=', token).execute();
    for (const bad of [token, 'not-a-session', 'x'.repeat(500)]) {
      const res = await post({}, { token: bad });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ token: null, user: null });
    }
    // ...whereas a protected /api path (apiRoute access 'user') answers 403 to the same token.
    const protectedRoute = apiRoute({ access: 'user', schema: z.object({}), handler: async () => ({ ok: true }) });
    const refused = await run<ApiAnswer<{ ok: boolean }>>(() => protectedRoute.action(args(jsonRequest('/api/x', {}, { token }))));
    expect(refused.status).toBe(403);
    expect(refused.data.errorMsg).toBeTruthy();
  });

  it('a locked user or an expired licence answers logged out', async () => {
    const org = await makeOrganisation({ licenseType: LicenseType.Trial, licenseExpiredAt: new Date(Date.now() - DAY) });
    const expired = await makeUser({ organisationId: org });
    const locked = await makeUser();
    const a = await signIn(expired.userId);
    const b = await signIn(locked.userId);
    await getDb().updateTable('users').set({ is_locked: true }).where('id', '=', locked.userId).execute();
    for (const token of [a.token, b.token]) {
      const res = await post({}, { token });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ token: null, user: null });
    }
  });

  it('tells the app when the site is under construction', async () => {
    const until = new Date(Date.now() + 3 * DAY);
    process.env.UNDER_CONSTRUCTION_UNTIL = until.toISOString();
    resetEnvCache();
    try {
      const res = await post({});
      expect(res.data.underConstructionDate).toBe(until.toISOString());
    } finally {
      delete process.env.UNDER_CONSTRUCTION_UNTIL;
      resetEnvCache();
    }
    expect((await post({})).data.underConstructionDate).toBeNull();
  });

  it('refuses bad input with 400 and errorMsg, GET with 405, malformed JSON with 400', async () => {
    const long = await post({ cid: 'c'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.data.errorMsg).toMatch(/^cid: /);
    const wrongType = await post({ mlt: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.data.errorMsg).toMatch(/^mlt: /);
    const get = await run<unknown>(() => loader(args(getRequest('/api/auth/authenticate'))));
    expect(get.status).toBe(405);
    const malformed = await post('{"cid":');
    expect(malformed.status).toBe(400);
    expect(malformed.data).toEqual({ errorMsg: 'The request body is not valid JSON.' });
  });
});
