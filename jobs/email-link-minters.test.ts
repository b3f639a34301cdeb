import { describe, expect, it, vi } from 'vitest';
import { deliverCommunication, getDb, LINK_REMOVED, loadEnv, sendEmail } from '@modules/shared/index.server';

/**
 * One-time links are minted at delivery (decision 112): wherever the send-email job runs, every email
 * kind that carries a link must have its minter, and an email whose minter is missing is never sent
 * with a dead link.
 */
describe('link minters where jobs run', () => {
  it('loading the job registry alone (as the worker does) registers every kind that carries a link', async () => {
    vi.resetModules();
    await import('./registry');
    const fresh = await import('@modules/shared/index.server');
    for (const kind of ['password-reset', 'welcome', 'verify-account', 'newsletter-subscribe', 'newsletter-unsubscribe', 'feedback-request']) {
      expect(fresh.hasOneTimeLink(kind), kind).toBe(true);
    }
  });

  it('an email with a removed link and no minter for its kind fails instead of going out', async () => {
    const { communicationId } = await sendEmail(getDb(), {
      to: 'nobody@example.test',
      subject: 'x',
      html: `<a href="${loadEnv().PUBLIC_URL}/auth/something/${LINK_REMOVED}">go</a>`,
      kind: 'unregistered-kind',
      key: `t-${Math.random()}`,
    });
    await getDb().updateTable('communications').set({ status: 'queued' }).where('id', '=', communicationId).execute();
    await expect(deliverCommunication(getDb(), communicationId)).rejects.toThrow(/No one-time link minter/);
    const row = await getDb().selectFrom('communications').select(['status', 'error']).where('id', '=', communicationId).executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
  });
});
