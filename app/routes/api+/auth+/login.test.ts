import { describe, expect, it } from 'vitest';
import { LOGIN_FAILED_MESSAGE, LOGIN_RATE_LIMITED_MESSAGE } from '@modules/identity/index.server';
import { LicenseType } from '@modules/identity/schemas';
import { DAY } from '@modules/shared/clock';
import { resetRateLimiters } from '@modules/shared/rate-limit.server';
import { action, loader } from './login';
import * as loginPage from '../../auth+/login';
import * as authenticate from './authenticate';
import { args, formRequest, getRequest, jsonRequest, run, runRoute, type ApiAnswer } from '../../../../tests/support/remix';
import type { SessionStartPayload } from '~/features/sign-in/session-start.server';
import { makeOrganisation, makeUser } from '../../../../tests/support/factories';

let ipSeq = 0;
const newIp = () => `10.50.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
/** What the inline handler answers (apiRoute answers untyped JSON). */
type Login = ApiAnswer<{ success: boolean; token: string | null; isLocked: boolean; errorMsg: string | null }>;
const post = (body: unknown, ip = newIp()) =>
  run<Login>(() => action(args(jsonRequest('/api/auth/login', body, { headers: { 'x-test-client-ip': ip } }))));

describe('POST /api/auth/login', () => {
  it('answers success with the session token, which then works as x-access-token', async () => {
    const u = await makeUser();
    const res = await post({ email: u.email.toUpperCase(), password: u.password });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ success: true, token: expect.stringMatching(/^[a-z0-9]{20,}$/), isLocked: false, errorMsg: null });
    expect(res.headers.get('set-cookie')).toBeNull();
    const who = await run<ApiAnswer<SessionStartPayload>>(() => authenticate.action(args(jsonRequest('/api/auth/authenticate', {}, { token: res.data.token ?? undefined }))));
    expect(who.data.user?.userId).toBe(u.userId);
  });

  it('answers the same for a wrong password and an unknown email', async () => {
    const u = await makeUser();
    const wrong = await post({ email: u.email, password: 'not-the-password' });
    const unknown = await post({ email: 'nobody@example.test', password: 'not-the-password' });
    expect(wrong.status).toBe(200);
    expect(wrong.data).toEqual({ success: false, token: null, isLocked: false, errorMsg: LOGIN_FAILED_MESSAGE });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.data).toEqual(wrong.data);
  });

  it('answers isLocked for a locked user and an expired licence, without a token', async () => {
    const locked = await makeUser({ isLocked: true });
    const org = await makeOrganisation({ licenseType: LicenseType.Trial, licenseExpiredAt: new Date(Date.now() - DAY) });
    const expired = await makeUser({ organisationId: org });
    for (const u of [locked, expired]) {
      const res = await post({ email: u.email, password: u.password });
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ success: false, token: null, isLocked: true, errorMsg: null });
    }
  });

  it('refuses bad input with 400 and errorMsg, GET with 405, malformed JSON with 400', async () => {
    const noEmail = await post({ password: 'whatever-123' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.data.errorMsg).toBe('email: This field is required');
    const badEmail = await post({ email: 'nope', password: 'whatever-123' });
    expect(badEmail.data.errorMsg).toBe('Enter a valid email address');
    const shortPassword = await post({ email: 'a@example.test', password: 'short' });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.data.errorMsg).toBe('Enter a password (between 8 - 64 characters)');
    const notObject = await post([1, 2, 3]);
    expect(notObject.status).toBe(400);
    expect(typeof notObject.data.errorMsg).toBe('string');

    const get = await run<ApiAnswer<object>>(() => loader(args(getRequest('/api/auth/login'))));
    expect(get.status).toBe(405);
    expect(get.data.errorMsg).toBeTruthy();
    const malformed = await post('{"email": "a@example.test",');
    expect(malformed.status).toBe(400);
    expect(malformed.data.errorMsg).toBe('The request body is not valid JSON.');
    expect(JSON.stringify(malformed.data)).not.toMatch(/at .*\.ts/);
  });
});

describe('login rate limiting (10 a minute per email and per client IP)', () => {
  it('refuses the 11th attempt in a minute for one email, even with the right password and another IP', async () => {
    const u = await makeUser();
    for (let i = 0; i < 10; i++) {
      const res = await post({ email: u.email, password: 'wrong-password-1' });
      expect(res.data.errorMsg).toBe(LOGIN_FAILED_MESSAGE);
    }
    const eleventh = await post({ email: u.email, password: u.password });
    expect(eleventh.status).toBe(429);
    expect(eleventh.data).toEqual({ success: false, token: null, isLocked: false, errorMsg: LOGIN_RATE_LIMITED_MESSAGE });
    // Another person is not affected.
    const other = await makeUser();
    expect((await post({ email: other.email, password: other.password })).data.success).toBe(true);
  });

  it('refuses the 11th attempt in a minute from one IP, whatever the email', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      const res = await post({ email: `guess-${i}@example.test`, password: 'guessing-123' }, ip);
      expect(res.status).toBe(200);
    }
    const u = await makeUser();
    const eleventh = await post({ email: u.email, password: u.password }, ip);
    expect(eleventh.status).toBe(429);
    expect(eleventh.data.errorMsg).toBe(LOGIN_RATE_LIMITED_MESSAGE);
    expect((await post({ email: u.email, password: u.password })).data.success).toBe(true);
  });

  it('the login screen shows the same refusal on its form (429)', async () => {
    const ip = newIp();
    const u = await makeUser();
    const attempt = (password: string) =>
      runRoute(loginPage.action, formRequest('/auth/login', { email: u.email, password }, { headers: { 'x-test-client-ip': ip } }));
    for (let i = 0; i < 10; i++) expect((await attempt('wrong-password-1')).status).toBe(400);
    const eleventh = await attempt(u.password);
    expect(eleventh.status).toBe(429);
    expect(eleventh.data.error?.['']).toEqual([LOGIN_RATE_LIMITED_MESSAGE]);
    expect(eleventh.headers.get('set-cookie')).toBeNull();
  });

  // The count lives in Redis (REDIS_URL) or the database: a fresh limiter, as in a second app process, sees it.
  it('shares the count between processes', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) await post({ email: `shared-${i}@example.test`, password: 'guessing-123' }, ip);
    resetRateLimiters();
    const u = await makeUser();
    expect((await post({ email: u.email, password: u.password }, ip)).status).toBe(429);
  });
});
