import { describe, expect, it } from 'vitest';
import { deliverCommunication, drainInProcessJobs, getDb, LINK_REMOVED } from '@modules/shared/index.server';
import { action, loader } from './triggerForgotPassword';
import { args, getRequest, jsonRequest, run } from '../../../../tests/support/remix';
import { makeUser } from '../../../../tests/support/factories';
import { deliveredEmailTo } from '../../../../tests/support/outbox';

let ipSeq = 0;
const post = (body: unknown) =>
  run<{ errorMsg?: string }>(() => action(args(jsonRequest('/api/auth/triggerForgotPassword', body, { headers: { 'x-test-client-ip': `10.70.0.${++ipSeq}` } }))));
const stored = (email: string) => getDb().selectFrom('communications').select(['id', 'subject', 'html', 'kind', 'status']).where('recipient', '=', email).execute();
/** The emails actually sent to an address (delivered now when no worker runs, as with Redis in unit tests). */
async function emailsTo(email: string) {
  await drainInProcessJobs();
  for (const row of await stored(email)) await deliverCommunication(getDb(), row.id);
  return (await stored(email)).filter((r) => r.status === 'logged' || r.status === 'sent');
}

describe('POST /api/auth/triggerForgotPassword', () => {
  it('emails a reset link to a known address and answers {success: true}', async () => {
    const u = await makeUser();
    const res = await post({ email: u.email });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ success: true });
    const sent = await emailsTo(u.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.kind).toBe('password-reset');
    expect((await deliveredEmailTo(u.email)).html).toMatch(/\/auth\/password-reset\/[A-Za-z0-9_-]{40,}/);
    // The stored copy holds no usable link.
    expect(sent[0]!.html).toContain(`/auth/password-reset/${LINK_REMOVED}`);
    expect(sent[0]!.html).not.toMatch(/\/auth\/password-reset\/[A-Za-z0-9_-]{40,}/);
  });

  it('answers exactly the same for an unknown or locked address, and sends nothing (delivery cancels the email)', async () => {
    const locked = await makeUser({ isLocked: true });
    for (const email of ['nobody@example.test', locked.email]) {
      const res = await post({ email });
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ success: true });
      expect(await emailsTo(email)).toHaveLength(0);
      expect((await stored(email)).map((r) => r.status)).toEqual(['cancelled']);
    }
  });

  it('quietly caps the emails to one address, with the same answer', async () => {
    const u = await makeUser();
    for (let i = 0; i < 7; i++) expect((await post({ email: u.email })).data).toEqual({ success: true });
    expect((await emailsTo(u.email)).length).toBe(5);
  });

  it('refuses bad input with 400 and errorMsg, GET with 405, malformed JSON with 400', async () => {
    const bad = await post({ email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({ errorMsg: 'Enter a valid email address' });
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(missing.data.errorMsg).toMatch(/This field is required/);
    expect((await run(() => loader(args(getRequest('/api/auth/triggerForgotPassword'))))).status).toBe(405);
    const malformed = await post('not json at all');
    expect(malformed.status).toBe(400);
    expect(malformed.data.errorMsg).toBeTruthy();
  });
});
