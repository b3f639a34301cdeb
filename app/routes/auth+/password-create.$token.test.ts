import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { createOneTimeToken, LINK_EXPIRED_MESSAGE, sendWelcomeEmail } from '@modules/identity/index.server';
import { LicenseType } from '@modules/identity/schemas';
import { action, loader } from './password-create.$token';
import * as login from './login';
import { args, formRequest, getRequest, run } from '../../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser } from '../../../tests/support/factories';
import { linkIn } from '../../../tests/support/outbox';

const PASSWORD = 'my-first-password-3';
const open = (token: string) => run(() => loader(args(getRequest(`/auth/password-create/${token}`), { token })));
const submit = (token: string, password = PASSWORD, confirmPassword = password) =>
  run(() => action(args(formRequest(`/auth/password-create/${token}`, { password, confirmPassword }), { token })));

describe('/auth/password-create/{token} (Create a password)', () => {
  it('a new user without a password creates one from the link and lands on the app home', async () => {
    const { teamId, organisationId } = await makeTeam();
    const u = await makeUser({ organisationId, teams: [{ teamId }], withPassword: false });
    const token = await createOneTimeToken(getDb(), u.userId, 'password-create');
    const page = await open(token);
    expect(page.status).toBe(200);
    expect(page.data.expiredMessage).toBeNull();

    const done = await submit(token);
    expect(done.status).toBe(302);
    expect(done.location).toBe('/app/home');
    expect(done.headers.get('set-cookie')).toMatch(/^leda_session=\w+;.*HttpOnly/i);
    const row = await getDb().selectFrom('users').select(['password_hash', 'is_verified', 'password_updated_at']).where('id', '=', u.userId).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.is_verified).toBe(true);
    expect(row.password_updated_at).not.toBeNull();

    const signIn = await run(() => login.action(args(formRequest('/auth/login', { email: u.email, password: PASSWORD }, { headers: { 'x-test-client-ip': '10.40.0.1' } }))));
    expect(signIn.location).toBe('/app/home');

    const again = await open(token);
    expect(again.status).toBe(410);
    expect(again.data.expiredMessage).toBe(LINK_EXPIRED_MESSAGE);
    expect((await submit(token)).data.expiredMessage).toBe(LINK_EXPIRED_MESSAGE);
  });

  it('works from the link in the welcome email, and a student lands on the stories page', async () => {
    const org = await makeOrganisation({ licenseType: LicenseType.Student });
    const u = await makeUser({ organisationId: org, withPassword: false });
    await sendWelcomeEmail(getDb(), { userId: u.userId, batchKey: 'test-batch' });
    const { token } = await linkIn(u.email, 'password-create');
    const done = await submit(token);
    expect(done.location).toBe('/app/explore/story');
  });

  it('does not take a password-reset link, and an expired link gets the message', async () => {
    const u = await makeUser({ withPassword: false });
    const reset = await createOneTimeToken(getDb(), u.userId, 'password-reset');
    expect((await open(reset)).data.expiredMessage).toBe(LINK_EXPIRED_MESSAGE);
    expect((await submit(reset)).status).toBe(410);

    const token = await createOneTimeToken(getDb(), u.userId, 'password-create');
    await getDb().updateTable('one_time_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('purpose', '=', 'password-create').where('user_id', '=', u.userId).execute();
    expect((await open(token)).data.expiredMessage).toBe(LINK_EXPIRED_MESSAGE);
    expect((await submit(token)).status).toBe(410);
  });

  it('shows the spec messages for bad input', async () => {
    const u = await makeUser({ withPassword: false });
    const token = await createOneTimeToken(getDb(), u.userId, 'password-create');
    const empty = await submit(token, '', '');
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.password).toEqual(['Enter a password (between 8 - 64 characters)']);
    expect(empty.data.result.error.confirmPassword).toEqual(['Re-enter your password (between 8 - 64 characters)']);
    const mismatch = await submit(token, PASSWORD, 'something-else-1');
    expect(mismatch.data.result.error.confirmPassword).toEqual(['Passwords do not match']);
  });
});
