import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { createOneTimeToken, LINK_EXPIRED_MESSAGE } from '@modules/identity/index.server';
import { LicenseType } from '@modules/identity/schemas';
import { DAY } from '@modules/shared/clock';
import { action, loader } from './password-reset.$token';
import * as forgot from './password-forgot';
import * as login from './login';
import * as authenticate from '../api+/auth+/authenticate';
import { args, formRequest, getRequest, jsonRequest, run } from '../../../tests/support/remix';
import { makeOrganisation, makeUser, signIn } from '../../../tests/support/factories';
import { linkIn } from '../../../tests/support/outbox';

const NEW_PASSWORD = 'a-brand-new-secret-7';
let ipSeq = 0;
const fromIp = () => ({ headers: { 'x-test-client-ip': `10.30.0.${++ipSeq}` } });

/** What a person does: asks for a link, opens the newest email, follows the link. */
async function resetLinkFor(email: string) {
  await run(() => forgot.action(args(formRequest('/auth/password-forgot', { email }, fromIp()))));
  return linkIn(email, 'password-reset');
}

const open = (path: string, token: string, cookie?: string) => run(() => loader(args(getRequest(path, { cookie }), { token })));
const submit = (path: string, token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  run(() => action(args(formRequest(path, { password, confirmPassword }), { token })));

/** Whether a session (cookie) still signs someone in, as the app sees it. */
async function whoIs(cookie: string) {
  const res = await run(() => authenticate.action(args(jsonRequest('/api/auth/authenticate', {}, { cookie }))));
  return (res.data as { user: { userId: number } | null }).user?.userId ?? null;
}

describe('/auth/password-reset/{token} (Change password)', () => {
  it('the link from the email shows the form, sets the password, signs in and works only once', async () => {
    const u = await makeUser();
    const link = await resetLinkFor(u.email);
    const page = await open(link.path, link.token);
    expect(page.status).toBe(200);
    expect(page.data.expiredMessage).toBeNull();

    const done = await submit(link.path, link.token);
    expect(done.status).toBe(302);
    expect(done.location).toBe('/app/home');
    const cookie = done.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toMatch(/^leda_session=\w+/);
    expect(await whoIs(cookie)).toBe(u.userId);

    // The new password works and the old one no longer does.
    const withNew = await run(() => login.action(args(formRequest('/auth/login', { email: u.email, password: NEW_PASSWORD }, fromIp()))));
    expect(withNew.location).toBe('/app/home');
    const withOld = await run(() => login.action(args(formRequest('/auth/login', { email: u.email, password: u.password }, fromIp()))));
    expect(withOld.status).toBe(400);

    // Second use of the same link: the clear message instead of the form, and no change.
    const again = await open(link.path, link.token);
    expect(again.status).toBe(410);
    expect(again.data.expiredMessage).toBe(LINK_EXPIRED_MESSAGE);
    const reused = await submit(link.path, link.token, 'another-password-9');
    expect(reused.status).toBe(410);
    expect(reused.data.expiredMessage).toBe(LINK_EXPIRED_MESSAGE);
    const stillNew = await run(() => login.action(args(formRequest('/auth/login', { email: u.email, password: NEW_PASSWORD }, fromIp()))));
    expect(stillNew.status).toBe(302);
  });

  it('ends every other session of the user', async () => {
    const u = await makeUser();
    const laptop = await signIn(u.userId);
    const phone = await signIn(u.userId);
    expect(await whoIs(laptop.cookie)).toBe(u.userId);
    const link = await resetLinkFor(u.email);
    const done = await submit(link.path, link.token);
    expect(done.status).toBe(302);
    expect(await whoIs(laptop.cookie)).toBeNull();
    expect(await whoIs(phone.cookie)).toBeNull();
    const count = await getDb().selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', u.userId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('an expired link gets the message, and so does an unknown one', async () => {
    const u = await makeUser();
    const link = await resetLinkFor(u.email);
    await getDb().updateTable('one_time_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', u.userId).execute();
    const page = await open(link.path, link.token);
    expect(page.status).toBe(410);
    expect(page.data.expiredMessage).toBe(LINK_EXPIRED_MESSAGE);
    const posted = await submit(link.path, link.token);
    expect(posted.status).toBe(410);
    expect(posted.data.expiredMessage).toBe(LINK_EXPIRED_MESSAGE);

    const unknown = await open('/auth/password-reset/not-a-real-token', 'not-a-real-token');
    expect(unknown.status).toBe(410);
    expect(unknown.data.expiredMessage).toBe(LINK_EXPIRED_MESSAGE);
  });

  it('a link used meanwhile (another tab) gets the message on submit', async () => {
    const u = await makeUser();
    const link = await resetLinkFor(u.email);
    expect((await open(link.path, link.token)).data.expiredMessage).toBeNull();
    expect((await submit(link.path, link.token)).status).toBe(302);
    const secondTab = await submit(link.path, link.token, 'second-tab-pass-1');
    expect(secondTab.status).toBe(410);
    expect(secondTab.data.expiredMessage).toBe(LINK_EXPIRED_MESSAGE);
  });

  it('does not take a password-create link', async () => {
    const u = await makeUser();
    const token = await createOneTimeToken(getDb(), u.userId, 'password-create');
    const page = await open(`/auth/password-reset/${token}`, token);
    expect(page.data.expiredMessage).toBe(LINK_EXPIRED_MESSAGE);
  });

  it('shows the spec messages and keeps the link usable on bad input', async () => {
    const u = await makeUser();
    const link = await resetLinkFor(u.email);
    const short = await submit(link.path, link.token, 'short', 'short');
    expect(short.status).toBe(400);
    expect(short.data.result.error.password).toEqual(['Enter a password (between 8 - 64 characters)']);
    expect(short.data.result.error.confirmPassword).toEqual(['Re-enter your password (between 8 - 64 characters)']);
    const long = await submit(link.path, link.token, 'x'.repeat(65), 'x'.repeat(65));
    expect(long.data.result.error.password).toEqual(['Enter a password (between 8 - 64 characters)']);
    const mismatch = await submit(link.path, link.token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.result.error.confirmPassword).toEqual(['Passwords do not match']);
    // Passwords are never echoed back into the form.
    expect(JSON.stringify(mismatch.data.result)).not.toContain(NEW_PASSWORD);
    expect((await open(link.path, link.token)).data.expiredMessage).toBeNull();
  });

  it('sends a user whose licence has expired to /license-expired, without a session', async () => {
    const org = await makeOrganisation({ licenseType: LicenseType.Trial, licenseExpiredAt: new Date(Date.now() - DAY) });
    const u = await makeUser({ organisationId: org });
    const link = await resetLinkFor(u.email);
    const done = await submit(link.path, link.token);
    expect(done.location).toBe('/license-expired');
    expect(done.headers.get('set-cookie')).toBeNull();
  });

  it('sends a signed-in visitor to the app home', async () => {
    const u = await makeUser();
    const { cookie } = await signIn(u.userId);
    const token = await createOneTimeToken(getDb(), u.userId, 'password-reset');
    const res = await open(`/auth/password-reset/${token}`, token, cookie);
    expect(res.location).toBe('/app/home');
  });
});
