import { describe, expect, it } from 'vitest';
import { getDb, LINK_REMOVED } from '@modules/shared/index.server';
import { canReceiveProductNews, isUnsubscribed } from '@modules/admin/index.server';
import * as confirm from './newsletter.confirm.$token';
import * as home from './_index';
import * as unsubscribePage from './unsubscribe';
import * as apiUnsubscribe from './api+/public+/unsubscribe';
import { housekeepingJob } from '../../jobs/housekeeping.job';
import { args, formRequest, getRequest, jsonRequest, run, runData } from '../../tests/support/remix';
import { deliveredEmailTo } from '../../tests/support/outbox';
import { documentStatus } from '../../tests/support/document-status';

/**
 * Issue 7, item 12: a newsletter subscribe takes effect only through the link emailed to the address;
 * a form (or /api) only sends it (an unsubscribe is at once, decision 254). Opening the link changes nothing; its button does.
 */
let ipSeq = 0;
const fresh = () => ({ headers: { 'x-test-client-ip': `10.91.0.${++ipSeq}` } });

async function confirmLinkFor(email: string) {
  const mail = await deliveredEmailTo(email);
  const m = /http:\/\/localhost:3000\/newsletter\/confirm\/([A-Za-z0-9_-]{40,})/.exec(mail.html);
  if (!m) throw new Error(`no confirmation link in the email to ${email}`);
  return { token: m[1]!, subject: mail.subject };
}
const open = (token: string) => runData(() => confirm.loader(args(getRequest(`/newsletter/confirm/${token}`), { token })));
const press = (token: string) => runData(() => confirm.action(args(formRequest(`/newsletter/confirm/${token}`, {}), { token })));

describe('newsletter confirmation links', () => {
  it('the home box only emails a link; the subscription starts when its button is pressed, once', async () => {
    const ok = await runData(() => home.action(args(formRequest('/?index', { email: 'Reader@Example.test' }, fresh()))));
    expect(ok.data.subscribed).toBe(true);
    expect(await canReceiveProductNews(getDb(), 'reader@example.test')).toBe(false);

    const { token, subject } = await confirmLinkFor('reader@example.test');
    expect(subject).toBe('Confirm your subscription to Leda news');
    const stored = await getDb().selectFrom('communications').select('html').where('recipient', '=', 'reader@example.test').executeTakeFirstOrThrow();
    expect(stored.html).toContain(`/newsletter/confirm/${LINK_REMOVED}`);

    const page = await open(token);
    expect(page.status).toBe(200);
    expect(page.data.action).toBe('subscribe');
    expect(await canReceiveProductNews(getDb(), 'reader@example.test')).toBe(false);

    const done = await press(token);
    expect(done.status).toBe(200);
    expect(done.data.done).toBe('subscribe');
    expect(await canReceiveProductNews(getDb(), 'reader@example.test')).toBe(true);

    const again = await press(token);
    expect(again.status).toBe(410);
    expect(again.data.expiredMessage).toBe(confirm.NEWSLETTER_LINK_EXPIRED);
    expect((await open(token)).status).toBe(410);
  });

  it('the success page of a used link answers 200 to a document POST (the loader alone now says 410)', async () => {
    await run(() => home.action(args(formRequest('/?index', { email: 'doc-reader@example.test' }, fresh()))));
    const { token } = await confirmLinkFor('doc-reader@example.test');
    const pattern = '/newsletter/confirm/:token';
    expect(await documentStatus(confirm, formRequest(`/newsletter/confirm/${token}`, {}), pattern)).toBe(200);
    expect(await canReceiveProductNews(getDb(), 'doc-reader@example.test')).toBe(true);
    expect(await documentStatus(confirm, formRequest(`/newsletter/confirm/${token}`, {}), pattern)).toBe(410);
    expect(await documentStatus(confirm, getRequest(`/newsletter/confirm/${token}`), pattern)).toBe(410);
  });

  it('the unsubscribe page and /api/public/unsubscribe take effect at once, with no email (decision 254)', async () => {
    const res = await runData(() => unsubscribePage.action(args(formRequest('/unsubscribe', { email: '  Leaver@Example.test ' }, fresh()))));
    expect(res.data.done).toBe(true);
    expect(await isUnsubscribed(getDb(), 'leaver@example.test')).toBe(true);
    const api = await runData(() => apiUnsubscribe.action(args(jsonRequest('/api/public/unsubscribe', { email: 'api-leaver@example.test' }, fresh()))));
    expect(api.status).toBe(200);
    expect(api.data).toEqual({});
    expect(await isUnsubscribed(getDb(), 'api-leaver@example.test')).toBe(true);
    const mails = await getDb().selectFrom('communications').select('id').where('recipient', 'in', ['leaver@example.test', 'api-leaver@example.test']).execute();
    expect(mails).toEqual([]);
  });

  it('unknown, malformed and expired links get the message (410) and change nothing', async () => {
    for (const token of ['not-a-real-token-at-all-xxxxxxxxxxxxxxxx', 'x', '%00']) {
      expect((await open(token)).status, token).toBe(410);
      expect((await press(token)).status, token).toBe(410);
    }
    await run(() => home.action(args(formRequest('/?index', { email: 'late@example.test' }, fresh()))));
    const { token } = await confirmLinkFor('late@example.test');
    await getDb().updateTable('newsletter_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('email', '=', 'late@example.test').execute();
    expect((await press(token)).status).toBe(410);
    expect(await canReceiveProductNews(getDb(), 'late@example.test')).toBe(false);
  });

  it('a mailbox cannot be flooded: at most 3 confirmation emails an hour to one address', async () => {
    for (let i = 0; i < 6; i++) await run(() => home.action(args(formRequest('/?index', { email: 'flooded@example.test' }, fresh()))));
    const rows = await getDb().selectFrom('communications').select('id').where('recipient', '=', 'flooded@example.test').execute();
    expect(rows).toHaveLength(3);
  });

  it('expired links are dropped by the hourly housekeeping; live ones stay', async () => {
    await run(() => home.action(args(formRequest('/?index', { email: 'old-link@example.test' }, fresh()))));
    await run(() => home.action(args(formRequest('/?index', { email: 'new-link@example.test' }, fresh()))));
    await confirmLinkFor('old-link@example.test');
    await confirmLinkFor('new-link@example.test');
    await getDb().updateTable('newsletter_tokens').set({ expires_at: new Date(Date.now() - 2 * 86_400_000) }).where('email', '=', 'old-link@example.test').execute();
    await housekeepingJob.process({});
    const left = await getDb().selectFrom('newsletter_tokens').select('email').where('email', 'in', ['old-link@example.test', 'new-link@example.test']).execute();
    expect(left.map((r) => r.email)).toEqual(['new-link@example.test']);
  });
});
