import { describe, expect, it } from 'vitest';
import { deliverCommunication, drainInProcessJobs, getDb, hasOneTimeLink, LINK_REMOVED, resetRateLimiters } from '@modules/shared/index.server';
import { onQuery } from '@modules/shared/db/db.server';
import { hashToken } from './tokens.server';
import { requestPasswordReset, sendVerifyAccountEmail, sendWelcomeEmail } from './auth.server';
import { makeUser } from '../../tests/support/factories';
import { deliveredEmailTo } from '../../tests/support/outbox';

/**
 * Issue 7, item 5: the communications table never holds a usable one-time link (the stored copy
 * has LINK_REMOVED; delivery mints the token into the copy it sends), and item 6: asking for a
 * reset does the same work on the request path for a known and an unknown email.
 */
const LINK = /\/auth\/(password-reset|password-create|verify-account)\/([A-Za-z0-9_-]{20,})/;

async function storedRows(email: string) {
  return getDb().selectFrom('communications').select(['id', 'html', 'text', 'kind', 'status']).where('recipient', '=', email).execute();
}

async function isLiveToken(token: string) {
  const row = await getDb().selectFrom('one_time_tokens').select('id').where('token_hash', '=', hashToken(token)).where('used_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

describe('one-time links in emails', () => {
  it('every link email kind has a minter registered where jobs run', () => {
    for (const kind of ['password-reset', 'welcome', 'verify-account']) expect(hasOneTimeLink(kind), kind).toBe(true);
  });

  it('reset, welcome and verify emails are stored without a usable link; the delivered copy has a live one', async () => {
    const u = await makeUser({ firstName: 'Sam' });
    const send = {
      'password-reset': () => requestPasswordReset(getDb(), { email: u.email, clientIp: '10.88.0.1' }),
      welcome: () => sendWelcomeEmail(getDb(), { userId: u.userId, batchKey: `b-${u.userId}` }),
      'verify-account': () => sendVerifyAccountEmail(getDb(), u.userId),
    };
    for (const [kind, go] of Object.entries(send)) {
      await go();
      const delivered = await deliveredEmailTo(u.email);
      const m = LINK.exec(delivered.html);
      expect(m, kind).not.toBeNull();
      expect(await isLiveToken(m![2]!), kind).toBe(true);
      expect(delivered.html, kind).toContain('Hi Sam,');
    }
    const rows = await storedRows(u.email);
    expect(rows.map((r) => r.kind).sort()).toEqual(['password-reset', 'verify-account', 'welcome']);
    for (const row of rows) {
      expect(row.html, row.kind).not.toMatch(LINK);
      expect(row.html, row.kind).toContain(LINK_REMOVED);
      expect(row.text ?? '', row.kind).not.toMatch(LINK);
      // Whatever looks like a token in the stored copy is not one.
      for (const candidate of row.html.match(/[A-Za-z0-9_-]{40,}/g) ?? []) expect(await isLiveToken(candidate)).toBe(false);
    }
  });

  it('a second delivery (a retry or the sweep) mints a new working link', async () => {
    const u = await makeUser();
    await requestPasswordReset(getDb(), { email: u.email, clientIp: '10.88.0.2' });
    await drainInProcessJobs();
    const [row] = await storedRows(u.email);
    await getDb().updateTable('communications').set({ status: 'failed' }).where('id', '=', row!.id).execute();
    expect(await deliverCommunication(getDb(), row!.id)).toBe('logged');
    const m = LINK.exec((await deliveredEmailTo(u.email)).html);
    expect(await isLiveToken(m![2]!)).toBe(true);
  });
});

describe('forgot-password work on the request path', () => {
  it('runs the same queries for a known, an unknown and a locked email (the account is looked up at delivery)', async () => {
    const known = await makeUser();
    const locked = await makeUser({ isLocked: true });
    await drainInProcessJobs();
    const queriesFor = async (email: string) => {
      resetRateLimiters();
      const seen: string[] = [];
      const off = onQuery((sql) => seen.push(sql));
      try {
        await requestPasswordReset(getDb(), { email, clientIp: '10.88.1.1' });
      } finally {
        off();
      }
      return seen;
    };
    const forKnown = await queriesFor(known.email);
    const forUnknown = await queriesFor('nobody-at-all@example.test');
    const forLocked = await queriesFor(locked.email);
    expect(forKnown.length).toBeGreaterThan(0);
    expect(forUnknown).toEqual(forKnown);
    expect(forLocked).toEqual(forKnown);
    expect(forKnown.join('\n')).not.toMatch(/from "users"/);
    await drainInProcessJobs();
    // Delivery sends only to the account that may use the link.
    expect((await storedRows('nobody-at-all@example.test')).length).toBe(1);
    for (const email of ['nobody-at-all@example.test', locked.email]) {
      const [row] = await storedRows(email);
      await deliverCommunication(getDb(), row!.id);
      expect((await storedRows(email))[0]!.status, email).toBe('cancelled');
    }
  });
});

describe('forgot-password caps', () => {
  it('one client address records at most 30 reset emails an hour, whatever the addresses', async () => {
    for (let i = 0; i < 35; i++) await requestPasswordReset(getDb(), { email: `spray-${i}@example.test`, clientIp: '10.88.9.9' });
    const rows = await getDb().selectFrom('communications').select('id').where('recipient', 'like', 'spray-%').execute();
    expect(rows).toHaveLength(30);
  });
});
