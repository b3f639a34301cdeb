import { describe, expect, it } from 'vitest';
import { action, loader } from './login';
import { args, formRequest, getRequest, run } from '../../../tests/support/remix';
import { makeOrganisation, makeUser, makeTeam, signIn } from '../../../tests/support/factories';
import { LicenseType } from '@modules/identity/schemas';
import { DAY } from '@modules/shared/clock';

describe('/auth/login', () => {
  it('signs a learner in and sends them to the learner home with a session cookie', async () => {
    const { teamId, organisationId } = await makeTeam();
    const u = await makeUser({ organisationId, teams: [{ teamId }] });
    const res = await run(() => action(args(formRequest('/auth/login', { email: u.email, password: u.password }))));
    expect(res.status).toBe(302);
    expect(res.location).toBe('/app/home');
    expect(res.headers.get('set-cookie')).toMatch(/leda_session=\w+; .*HttpOnly/i);
  });

  it('continues to thenTo, but never to another site', async () => {
    const u = await makeUser();
    const ok = await run(() => action(args(formRequest('/auth/login', { email: u.email, password: u.password, thenTo: '/app/explore?x=1' }))));
    expect(ok.location).toBe('/app/explore?x=1');
    const evil = await run(() => action(args(formRequest('/auth/login', { email: u.email, password: u.password, thenTo: '//evil.example' }))));
    expect(evil.location).toBe('/app/home');
  });

  it('gives unknown email and wrong password the same message', async () => {
    const u = await makeUser();
    const wrong = await run(() => action(args(formRequest('/auth/login', { email: u.email, password: 'not-the-password' }))));
    const unknown = await run(() => action(args(formRequest('/auth/login', { email: 'nobody@example.test', password: 'whatever-1' }))));
    expect(wrong.status).toBe(400);
    expect(wrong.data.error['']).toEqual(['Incorrect email or password.']);
    expect(unknown.data.error['']).toEqual(wrong.data.error['']);
  });

  it('shows the spec messages for bad input', async () => {
    const res = await run(() => action(args(formRequest('/auth/login', { email: 'not-an-email', password: 'short' }))));
    expect(res.status).toBe(400);
    expect(res.data.error.email).toEqual(['Enter a valid email address']);
    expect(res.data.error.password).toEqual(['Enter a password (between 8 - 64 characters)']);
  });

  it('sends a locked user and an expired licence to /license-expired', async () => {
    const locked = await makeUser({ isLocked: true });
    const expiredOrg = await makeOrganisation({ licenseType: LicenseType.Full, licenseExpiredAt: new Date(Date.now() - DAY) });
    const expired = await makeUser({ organisationId: expiredOrg });
    for (const u of [locked, expired]) {
      const res = await run(() => action(args(formRequest('/auth/login', { email: u.email, password: u.password }))));
      expect(res.location).toBe('/license-expired');
    }
  });

  it('sends a signed-in visitor to the app home instead of the form', async () => {
    const u = await makeUser();
    const { cookie } = await signIn(u.userId);
    const res = await run(() => loader(args(getRequest('/auth/login', { cookie }))));
    expect(res.status).toBe(302);
    expect(res.location).toBe('/app/home');
  });
});
