import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { COMMON_PASSWORD_MESSAGE, createOneTimeToken, isCommonPassword, LINK_EXPIRED_MESSAGE, setUserPassword } from '@modules/identity/index.server';
import * as reset from '~/routes/auth+/password-reset.$token';
import * as create from '~/routes/auth+/password-create.$token';
import * as apiReset from '~/routes/api+/auth+/resetPassword';
import * as login from '~/routes/auth+/login';
import { args, formRequest, getRequest, jsonRequest, run } from '../../tests/support/remix';
import { makeUser } from '../../tests/support/factories';

/**
 * Issue 7, items 3 and 4: every path that sets a password refuses a common one (a list of about
 * 49,000 from @zxcvbn-ts/language-common, any case) with a clear message and leaves the link usable;
 * setting a password uses up every outstanding link of the user.
 */
const COMMON = ['password1', '12345678', 'PASSWORD1', 'Qwertyuiop', 'iloveyou1', 'football1'];
let ip = 0;
const fromIp = () => ({ headers: { 'x-test-client-ip': `10.77.0.${++ip}` } });

const submitForm = (mod: typeof reset | typeof create, kind: string, token: string, password: string) =>
  run(() => mod.action(args(formRequest(`/auth/${kind}/${token}`, { password, confirmPassword: password }), { token })));

describe('common passwords', () => {
  it('the list has at least 10,000 entries and ignores case', () => {
    for (const p of COMMON) expect(isCommonPassword(p), p).toBe(true);
    expect(isCommonPassword('a-brand-new-secret-7')).toBe(false);
  });

  it('are refused with the message on the reset and create forms, and the link stays usable', async () => {
    for (const [mod, kind] of [
      [reset, 'password-reset'],
      [create, 'password-create'],
    ] as const) {
      const u = await makeUser();
      const token = await createOneTimeToken(getDb(), u.userId, kind);
      for (const password of COMMON) {
        const res = await submitForm(mod, kind, token, password);
        expect(res.status, `${kind} ${password}`).toBe(400);
        expect(res.data.result.error.password, `${kind} ${password}`).toEqual([COMMON_PASSWORD_MESSAGE]);
        expect(JSON.stringify(res.data.result)).not.toContain(password);
      }
      const page = await run(() => mod.loader(args(getRequest(`/auth/${kind}/${token}`), { token })));
      expect(page.data.expiredMessage, kind).toBeNull();
      expect((await submitForm(mod, kind, token, 'a-brand-new-secret-7')).status, kind).toBe(302);
    }
  });

  it('are refused by POST /api/auth/resetPassword with a 400 and errorMsg, without using the link up', async () => {
    const u = await makeUser();
    const token = await createOneTimeToken(getDb(), u.userId, 'password-reset');
    for (const password of COMMON) {
      const res = await run(() => apiReset.action(args(jsonRequest('/api/auth/resetPassword', { token, password }))));
      expect(res.status, password).toBe(400);
      expect(res.data, password).toEqual({ errorMsg: COMMON_PASSWORD_MESSAGE });
    }
    const ok = await run(() => apiReset.action(args(jsonRequest('/api/auth/resetPassword', { token, password: 'a-brand-new-secret-7' }))));
    expect(ok.status).toBe(200);
  });

  it('are refused by setUserPassword, the function the profile password change is to use', async () => {
    const u = await makeUser();
    await expect(setUserPassword(getDb(), u.userId, 'Password1')).rejects.toThrow(COMMON_PASSWORD_MESSAGE);
    const stillOld = await run(() => login.action(args(formRequest('/auth/login', { email: u.email, password: u.password }, fromIp()))));
    expect(stillOld.status).toBe(302);
  });
});

describe('setting a password uses up every outstanding link of the user', () => {
  it('a reset leaves no other reset, create or verify link usable (and other users keep theirs)', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const db = getDb();
    const resetA = await createOneTimeToken(db, u.userId, 'password-reset');
    const resetB = await createOneTimeToken(db, u.userId, 'password-reset');
    const createC = await createOneTimeToken(db, u.userId, 'password-create');
    const othersLink = await createOneTimeToken(db, other.userId, 'password-reset');

    expect((await submitForm(reset, 'password-reset', resetA, 'a-brand-new-secret-7')).status).toBe(302);
    const b = await submitForm(reset, 'password-reset', resetB, 'another-secret-pass-8');
    expect(b.status).toBe(410);
    expect(b.data.expiredMessage).toBe(LINK_EXPIRED_MESSAGE);
    const c = await submitForm(create, 'password-create', createC, 'another-secret-pass-8');
    expect(c.status).toBe(410);
    const viaApi = await run(() => apiReset.action(args(jsonRequest('/api/auth/resetPassword', { token: resetB, password: 'another-secret-pass-8' }))));
    expect(viaApi.status).toBe(410);
    const outstanding = await db.selectFrom('one_time_tokens').select('id').where('user_id', '=', u.userId).where('used_at', 'is', null).execute();
    expect(outstanding).toEqual([]);

    const theirs = await run(() => reset.loader(args(getRequest(`/auth/password-reset/${othersLink}`), { token: othersLink })));
    expect(theirs.data.expiredMessage).toBeNull();
  });
});
