import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { createOneTimeToken, sendVerifyAccountEmail } from '@modules/identity/index.server';
import { LicenseType } from '@modules/identity/schemas';
import { DAY } from '@modules/shared/clock';
import { action, loader } from './verify-account.$token';
import * as authenticate from '../api+/auth+/authenticate';
import { args, getRequest, jsonRequest, run } from '../../../tests/support/remix';
import { makeOrganisation, makeUser, signIn } from '../../../tests/support/factories';
import { linkIn } from '../../../tests/support/outbox';

const FAILED = 'Sorry, something went wrong.';
const open = (token: string, cookie?: string) => run(() => loader(args(getRequest(`/auth/verify-account/${token}`, { cookie }), { token })));
const verify = (token: string) =>
  run(() => action(args(new Request(`http://localhost:3000/auth/verify-account/${token}`, { method: 'POST' }), { token })));
const isVerified = async (userId: number) =>
  (await getDb().selectFrom('users').select('is_verified').where('id', '=', userId).executeTakeFirstOrThrow()).is_verified;

describe('/auth/verify-account/{token}', () => {
  it('opening the link (a GET, as a mail scanner does) changes nothing; the POST verifies and signs in', async () => {
    const u = await makeUser();
    await getDb().updateTable('users').set({ is_verified: false }).where('id', '=', u.userId).execute();
    await sendVerifyAccountEmail(getDb(), u.userId);
    const { token } = await linkIn(u.email, 'verify-account');

    const page = await open(token);
    expect(page.status).toBe(200);
    expect(await open(token)).toMatchObject({ status: 200 });
    expect(await isVerified(u.userId)).toBe(false);
    const unused = await getDb().selectFrom('one_time_tokens').select('used_at').where('user_id', '=', u.userId).executeTakeFirstOrThrow();
    expect(unused.used_at).toBeNull();

    const done = await verify(token);
    expect(done.status).toBe(302);
    expect(done.location).toBe('/app/home');
    const cookie = done.headers.get('set-cookie')!.split(';')[0]!;
    expect(await isVerified(u.userId)).toBe(true);
    const who = await run(() => authenticate.action(args(jsonRequest('/api/auth/authenticate', {}, { cookie }))));
    expect(who.data.user.userId).toBe(u.userId);
  });

  it('a used, expired or unknown token shows the failure message', async () => {
    const u = await makeUser();
    const token = await createOneTimeToken(getDb(), u.userId, 'verify-account');
    expect((await verify(token)).status).toBe(302);
    const reused = await verify(token);
    expect(reused.status).toBe(410);
    expect(reused.data.failedMessage).toBe(FAILED);

    const expired = await createOneTimeToken(getDb(), u.userId, 'verify-account');
    await getDb().updateTable('one_time_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('used_at', 'is', null).execute();
    expect((await verify(expired)).data.failedMessage).toBe(FAILED);

    const unknown = await verify('this-token-does-not-exist-anywhere');
    expect(unknown.status).toBe(410);
    expect(unknown.data.failedMessage).toBe(FAILED);
    expect(unknown.headers.get('set-cookie')).toBeNull();
  });

  it('a user whose licence has expired is verified but sent to /license-expired', async () => {
    const org = await makeOrganisation({ licenseType: LicenseType.Full, licenseExpiredAt: new Date(Date.now() - DAY) });
    const u = await makeUser({ organisationId: org, withPassword: false });
    const token = await createOneTimeToken(getDb(), u.userId, 'verify-account');
    expect(await isVerified(u.userId)).toBe(false);
    const res = await verify(token);
    expect(res.location).toBe('/license-expired');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await isVerified(u.userId)).toBe(true);
  });

  it('sends a signed-in visitor to the app home', async () => {
    const u = await makeUser();
    const { cookie } = await signIn(u.userId);
    const token = await createOneTimeToken(getDb(), u.userId, 'verify-account');
    const res = await open(token, cookie);
    expect(res.location).toBe('/app/home');
  });
});
