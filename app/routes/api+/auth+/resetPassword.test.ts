import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { createOneTimeToken, LINK_EXPIRED_MESSAGE } from '@modules/identity/index.server';
import { LicenseType } from '@modules/identity/schemas';
import { DAY } from '@modules/shared/clock';
import { action, loader } from './resetPassword';
import * as trigger from './triggerForgotPassword';
import * as apiLogin from './login';
import * as authenticate from './authenticate';
import { args, getRequest, jsonRequest, run, type ApiAnswer } from '../../../../tests/support/remix';
import type { SessionStartPayload } from '~/features/sign-in/session-start.server';
import { makeOrganisation, makeUser, signIn } from '../../../../tests/support/factories';
import { linkIn } from '../../../../tests/support/outbox';

const NEW_PASSWORD = 'reset-by-api-123';
let ipSeq = 0;
const headers = () => ({ 'x-test-client-ip': `10.60.0.${++ipSeq}` });
/** What the inline handlers answer (apiRoute answers untyped JSON). */
type Reset = ApiAnswer<{ success: boolean; token: string | null; isLocked?: boolean }>;
type Login = ApiAnswer<{ success: boolean; token: string | null; isLocked: boolean; errorMsg: string | null }>;
const post = (body: unknown) => run<Reset>(() => action(args(jsonRequest('/api/auth/resetPassword', body, { headers: headers() }))));
const whoIs = async (token: string) =>
  (await run<ApiAnswer<SessionStartPayload>>(() => authenticate.action(args(jsonRequest('/api/auth/authenticate', {}, { token }))))).data.user?.userId ?? null;

describe('POST /api/auth/resetPassword', () => {
  it('sets the password from the emailed link, answers a new token and ends the other sessions', async () => {
    const u = await makeUser();
    const old = await signIn(u.userId);
    const asked = await run<ApiAnswer<{ success: boolean }>>(() => trigger.action(args(jsonRequest('/api/auth/triggerForgotPassword', { email: u.email }, { headers: headers() }))));
    expect(asked.data).toEqual({ success: true });
    const { token } = await linkIn(u.email, 'password-reset');

    const res = await post({ password: NEW_PASSWORD, token });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ success: true, token: expect.stringMatching(/^[a-z0-9]{20,}$/) });
    expect(await whoIs(res.data.token!)).toBe(u.userId);
    expect(await whoIs(old.token)).toBeNull();
    const login = await run<Login>(() => apiLogin.action(args(jsonRequest('/api/auth/login', { email: u.email, password: NEW_PASSWORD }, { headers: headers() }))));
    expect(login.data.success).toBe(true);

    const again = await post({ password: 'yet-another-one-1', token });
    expect(again.status).toBe(410);
    expect(again.data).toEqual({ errorMsg: LINK_EXPIRED_MESSAGE });
  });

  it('also takes a password-create link (the api does not say which kind it came from)', async () => {
    const u = await makeUser({ withPassword: false });
    const token = await createOneTimeToken(getDb(), u.userId, 'password-create');
    const res = await post({ password: NEW_PASSWORD, token });
    expect(res.data.success).toBe(true);
  });

  it('an expired or unknown token answers 410 with errorMsg', async () => {
    const u = await makeUser();
    const token = await createOneTimeToken(getDb(), u.userId, 'password-reset');
    await getDb().updateTable('one_time_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', u.userId).execute();
    const expired = await post({ password: NEW_PASSWORD, token });
    expect(expired.status).toBe(410);
    expect(expired.data.errorMsg).toBe(LINK_EXPIRED_MESSAGE);
    const unknown = await post({ password: NEW_PASSWORD, token: 'no-such-token-anywhere-at-all' });
    expect(unknown.status).toBe(410);
  });

  it('a user whose licence has expired gets no token', async () => {
    const org = await makeOrganisation({ licenseType: LicenseType.Full, licenseExpiredAt: new Date(Date.now() - DAY) });
    const u = await makeUser({ organisationId: org });
    const token = await createOneTimeToken(getDb(), u.userId, 'password-reset');
    const res = await post({ password: NEW_PASSWORD, token });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ success: false, token: null, isLocked: true });
  });

  it('refuses bad input with 400 and errorMsg, GET with 405, malformed JSON with 400', async () => {
    const u = await makeUser();
    const token = await createOneTimeToken(getDb(), u.userId, 'password-reset');
    const short = await post({ password: 'short', token });
    expect(short.status).toBe(400);
    expect(short.data.errorMsg).toBe('Enter a password (between 8 - 64 characters)');
    const noToken = await post({ password: NEW_PASSWORD });
    expect(noToken.status).toBe(400);
    expect(noToken.data.errorMsg).toMatch(/^token: /);
    // The bad requests did not use the link up.
    expect((await post({ password: NEW_PASSWORD, token })).data.success).toBe(true);

    expect((await run(() => loader(args(getRequest('/api/auth/resetPassword'))))).status).toBe(405);
    const put = await run<unknown>(() => action(args(jsonRequest('/api/auth/resetPassword', {}, { method: 'PUT' }))));
    expect(put.status).toBe(405);
    const malformed = await post('{oops');
    expect(malformed.status).toBe(400);
    expect(malformed.data.errorMsg).toBeTruthy();
  });
});
