import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, getDb, getJobProgress, QUEUES, retryUndeliveredCommunications } from '@modules/shared/index.server';
import { makeOrganisation } from '../tests/support/factories';
import { WELCOME_EMAILS_AT_ONCE } from './welcome-email-batch.job';
import { startSmtpServer, type TestSmtpServer } from '../tests/support/smtp-server';
import { deleteQueueKeys, expireDeadWorkerLocks, startWorkerProcess, waitFor, type WorkerProcess } from '../tests/support/worker-process';

/**
 * A welcome batch on a real `npm run worker` process (BullMQ on Redis) delivering to a local SMTP
 * server, killed with SIGKILL mid-batch and restarted (issue 14): one communication per recipient, and
 * nobody gets two emails. N is 1,000 to keep the suite fast; the 10,000-recipient batch and its
 * under-60-s target are measured by the bench (scripts/bench-admin.ts, `npm run bench`).
 * What a kill -9 can cost: the emails the dead worker had claimed ('sending', at most the email queue's
 * concurrency) and those the batch was recording (at most WELCOME_EMAILS_AT_ONCE) wait for the sweep, which resends them after 15 minutes (docs/decisions/123; the test
 * moves the clock of those rows). Everyone then has the email, and only one of those in flight may
 * have arrived twice (with the same Message-ID).
 * Skipped without REDIS_URL because this is about a BullMQ worker process (CI's .ci/run always sets
 * it); and without DATABASE_URL, because a second process cannot open this file's in-memory PGlite
 * database (CI sets DATABASE_URL too).
 */
const canRun = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);
const N = 1000;
const PUBLIC_URL = 'https://leda.kill.test';
let smtp: TestSmtpServer | undefined;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  if (canRun) smtp = await startSmtpServer();
});

afterAll(async () => {
  for (const w of workers) await w.kill9();
  await deleteQueueKeys();
  await smtp?.close();
});

describe.skipIf(!canRun)('welcome batch on a BullMQ worker process (Redis)', () => {
  it('a worker killed (kill -9) mid-batch and a new worker: one communication each, everyone emailed, only an email in flight may arrive twice', async () => {
    const tag = randomBytes(4).toString('hex');
    const organisationId = await makeOrganisation();
    // New accounts without a password, as an import leaves them (one statement: 1,000 factories would be slow).
    const users = await getDb()
      .insertInto('users')
      .values(Array.from({ length: N }, (_, i) => ({ first_name: `Recipient${i}`, last_name: 'Kill', email: `welcome-${i}-${tag}@kill.test`, organisation_id: organisationId, password_hash: null })))
      .returning(['id', 'email'])
      .execute();
    const emails = new Set(users.map((u) => u.email));
    const batchKey = `kill-${tag}`;
    const env = { SMTP_URL: smtp!.url, PUBLIC_URL };
    const mine = () => smtp!.messages.filter((m) => m.to.some((t) => emails.has(t)));
    const communications = () =>
      getDb().selectFrom('communications').select(['recipient', 'status']).where('kind', '=', 'welcome').where('message_key', 'like', `welcome:${batchKey}:%`).execute();

    const first = await startWorkerProcess(env);
    workers.push(first);
    await enqueue('welcome-email-batch', { batchKey, userIds: users.map((u) => u.id) }, { jobId: `welcome-${batchKey}` });
    await waitFor('some emails delivered', async () => mine().length >= 100, 20_000, 10);
    await first.kill9();
    const deliveredBeforeKill = mine().length;
    expect(deliveredBeforeKill, 'the kill landed mid-batch').toBeLessThan(N);

    // The dead worker's jobs (the batch, the emails it was sending) go back to their queues; a new worker resumes.
    const marked = await expireDeadWorkerLocks(['bulk', 'email']);
    expect(marked.bulk).toEqual([`welcome-${batchKey}`]);
    const second = await startWorkerProcess(env);
    workers.push(second);
    // Wide margins: on a loaded 2-core machine a worker process takes up to 30 s to start (a shuffled run, decision 321).
    await waitFor('the batch completed', async () => (await getJobProgress('bulk', `welcome-${batchKey}`))?.state === 'completed', 90_000, 200);
    // Settled: no row moves for 3 s. What the dead worker left behind is 'sending' (claimed mid-send) or
    // 'queued' (its row written, its send-email job never enqueued).
    let seen = '';
    let lastSent = -1;
    let stableSince = Date.now();
    await waitFor(() => `the rows to settle (${seen})`, async () => {
      const rows = await communications();
      seen = JSON.stringify(Object.fromEntries([...new Set(rows.map((r) => r.status))].map((st) => [st, rows.filter((r) => r.status === st).length])));
      const sentNow = rows.filter((r) => r.status === 'sent').length;
      if (sentNow !== lastSent) [lastSent, stableSince] = [sentNow, Date.now()];
      return rows.length === N && rows.every((r) => ['sent', 'sending', 'queued'].includes(r.status)) && Date.now() - stableSince > 3000;
    }, 60_000, 200);

    // The sweep hands them to send-email again once they are old enough (docs/decisions/123: 'queued' after
    // 2 minutes, 'sending' after 15; the test moves those rows' clock): everyone gets the email.
    const left = (await communications()).filter((r) => r.status !== 'sent');
    const held = left.filter((r) => r.status === 'sending').map((r) => r.recipient);
    if (left.length) {
      await getDb().updateTable('communications').set({ updated_at: new Date(Date.now() - 16 * 60_000) }).where('status', 'in', ['sending', 'queued']).where('recipient', 'in', left.map((r) => r.recipient)).execute();
      expect(await retryUndeliveredCommunications(getDb())).toBe(left.length);
      await waitFor('the left-behind emails sent', async () => (await communications()).every((r) => r.status === 'sent'), 30_000, 200);
    }
    await second.stop();

    const rows = await communications();
    expect(rows).toHaveLength(N);
    expect(new Set(rows.map((r) => r.recipient))).toEqual(emails);
    const received = new Map<string, number>();
    for (const m of mine()) for (const to of m.to) received.set(to, (received.get(to) ?? 0) + 1);
    // Everyone got the email; only a send the dead worker had in flight may have arrived twice.
    expect(received.size).toBe(N);
    expect(left.length).toBeLessThanOrEqual(QUEUES.email.concurrency + WELCOME_EMAILS_AT_ONCE);
    expect([...received].filter(([to, n]) => n !== 1 && !held.includes(to))).toEqual([]);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(mine().every((m) => m.subject === 'Welcome to Leda: create your password')).toBe(true);
  }, 240_000);
});
