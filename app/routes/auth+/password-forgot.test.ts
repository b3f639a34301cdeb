import { describe, expect, it } from 'vitest';
import { drainInProcessJobs, getDb, LINK_REMOVED } from '@modules/shared/index.server';
import { action, loader } from './password-forgot';
import { args, formRequest, getRequest, run } from '../../../tests/support/remix';
import { makeUser, signIn } from '../../../tests/support/factories';
import { deliveredEmailTo } from '../../../tests/support/outbox';

const DONE = 'Please check your email for further instructions.';
let ipSeq = 0;
const fromIp = () => ({ headers: { 'x-test-client-ip': `10.20.0.${++ipSeq}` } });

async function emailsTo(email: string) {
  await drainInProcessJobs();
  return getDb().selectFrom('communications').selectAll().where('recipient', '=', email).orderBy('id').execute();
}

describe('/auth/password-forgot', () => {
  it('shows the form to a visitor and sends a signed-in user to the app home', async () => {
    const anonymous = await run(() => loader(args(getRequest('/auth/password-forgot'))));
    expect(anonymous.status).toBe(200);
    const u = await makeUser();
    const { cookie } = await signIn(u.userId);
    const signedIn = await run(() => loader(args(getRequest('/auth/password-forgot', { cookie }))));
    expect(signedIn.location).toBe('/app/home');
  });

  it('replaces the form with the check-your-email message and emails a reset link', async () => {
    const u = await makeUser({ firstName: 'Robin' });
    const res = await run(() => action(args(formRequest('/auth/password-forgot', { email: `  ${u.email.toUpperCase()} ` }, fromIp()))));
    expect(res.status).toBe(200);
    expect(res.data.doneMessage).toBe(DONE);
    const sent = await emailsTo(u.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Reset your Leda password');
    // What the user reads: their name and a working link. What is stored: neither token nor name.
    const delivered = await deliveredEmailTo(u.email);
    expect(delivered.html).toContain('Hi Robin,');
    expect(delivered.html).toMatch(/http:\/\/localhost:3000\/auth\/password-reset\/[A-Za-z0-9_-]{40,}/);
    expect(sent[0]!.html).toContain(`http://localhost:3000/auth/password-reset/${LINK_REMOVED}`);
    expect(sent[0]!.html).not.toMatch(/\/auth\/password-reset\/[A-Za-z0-9_-]{40,}/);
  });

  it('answers exactly the same for an email without an account, and sends nothing (delivery cancels it)', async () => {
    const email = 'nobody-here@example.test';
    const res = await run(() => action(args(formRequest('/auth/password-forgot', { email }, fromIp()))));
    expect(res.status).toBe(200);
    expect(res.data.doneMessage).toBe(DONE);
    await expect(deliveredEmailTo(email)).rejects.toThrow(/no email delivered/);
    expect((await emailsTo(email)).map((r) => r.status)).toEqual(['cancelled']);
  });

  it('builds the link from PUBLIC_URL, never from the Host header', async () => {
    const u = await makeUser();
    const req = formRequest('/auth/password-forgot', { email: u.email }, { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    await run(() => action(args(req)));
    const mail = await deliveredEmailTo(u.email);
    expect(mail.html).toMatch(/http:\/\/localhost:3000\/auth\/password-reset\/[A-Za-z0-9_-]{40,}/);
    expect(mail.html).not.toContain('evil.example');
  });

  it('shows the spec messages for a missing or bad email (400)', async () => {
    const empty = await run(() => action(args(formRequest('/auth/password-forgot', { email: '' }, fromIp()))));
    expect(empty.status).toBe(400);
    expect(empty.data.doneMessage).toBeNull();
    expect(empty.data.result.error.email).toEqual(['This field is required']);
    const bad = await run(() => action(args(formRequest('/auth/password-forgot', { email: 'not-an-email' }, fromIp()))));
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.email).toEqual(['Enter a valid email address']);
  });
});
