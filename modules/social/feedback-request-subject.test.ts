import { describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { makeUser } from '../../tests/support/factories';
import { deliveredEmailTo } from '../../tests/support/outbox';
import { FEEDBACK_REQUEST_SUBJECT, requestContactFeedback } from './peer-feedback.server';
import { fixtureCatalogueBeforeAll } from '../../tests/support/content';

/**
 * Issue 8: a feedback request goes to any outside address, so its subject is fixed; the requester's
 * name (free text they typed in their profile) never reaches the subject line.
 */
fixtureCatalogueBeforeAll();

describe('feedback-request email subject', () => {
  it('is the same fixed line whatever the requester calls themselves', async () => {
    const u = await makeUser({ firstName: 'Your bank: account locked, call', lastName: '+1 555 0100 now' });
    const user = { ...(await getCurrentUser(getDb(), u.userId))!, email: u.email };
    await requestContactFeedback(getDb(), user, 'outside.person@example.test');
    const stored = await getDb().selectFrom('communications').select(['subject']).where('recipient', '=', 'outside.person@example.test').executeTakeFirstOrThrow();
    expect(stored.subject).toBe(FEEDBACK_REQUEST_SUBJECT);
    expect(FEEDBACK_REQUEST_SUBJECT).toBe('A colleague would like your feedback on Leda');
    const mail = await deliveredEmailTo('outside.person@example.test');
    expect(mail.subject).toBe(FEEDBACK_REQUEST_SUBJECT);
    expect(mail.subject).not.toContain('bank');
  });
});
