import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverCommunication,
  drainInProcessJobs,
  getDb,
  processJob,
  resetEnvCache,
  resetMailTransport,
  sendEmail,
} from '@modules/shared/index.server';
import { startSmtpServer, type TestSmtpServer } from '../tests/support/smtp-server';

/**
 * send-email: every email is recorded as a communication, then delivered once over SMTP (a
 * real SMTP server on a random local port) or, without SMTP_URL, only logged.
 * These tests drive the processor themselves, so jobs run in-process here (no REDIS_URL);
 * jobs/worker.test.ts covers the BullMQ path.
 */
const savedRedisUrl = process.env.REDIS_URL;
let smtp: TestSmtpServer;

const key = () => `test:${randomBytes(6).toString('hex')}`;
const statusOf = async (id: number) =>
  (await getDb().selectFrom('communications').select(['status', 'error', 'sent_at']).where('id', '=', id).executeTakeFirstOrThrow());

function useSmtp(url: string | undefined) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  resetEnvCache();
  resetMailTransport();
}

beforeAll(async () => {
  delete process.env.REDIS_URL;
  smtp = await startSmtpServer();
});

afterEach(async () => {
  await drainInProcessJobs();
  smtp.messages.length = 0;
  smtp.rejectNext(0);
  useSmtp(undefined);
});

afterAll(async () => {
  await smtp.close();
  if (savedRedisUrl) process.env.REDIS_URL = savedRedisUrl;
  resetEnvCache();
});

describe('send-email over SMTP', () => {
  it('delivers the recorded email to the SMTP server and marks the communication sent', async () => {
    useSmtp(smtp.url);
    const html = '<h1>Hello Ana</h1><p>Your team is waiting for you. Ça va? ' + 'long line '.repeat(20) + '</p>';
    const { communicationId } = await sendEmail(getDb(), { to: ' ana@example.test ', subject: 'Welcome aboard', html, kind: 'test', key: key() });
    await drainInProcessJobs();

    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message!.to).toEqual(['ana@example.test']);
    expect(message!.subject).toBe('Welcome aboard');
    expect(message!.html).toBe(html);
    const row = await statusOf(communicationId);
    expect(row.status).toBe('sent');
    expect(row.sent_at).toBeInstanceOf(Date);
    const stored = await getDb().selectFrom('communications').selectAll().where('id', '=', communicationId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ recipient: 'ana@example.test', subject: 'Welcome aboard', html, kind: 'test' });
  });

  it('never sends twice: re-running the processor, concurrently or later, leaves one message', async () => {
    useSmtp(smtp.url);
    const { communicationId } = await sendEmail(getDb(), { to: 'ben@example.test', subject: 'Once only', html: '<p>once</p>', kind: 'test', key: key() });
    // The enqueued job and two extra runs race for the same row; only one may win the claim.
    await Promise.all([
      processJob('send-email', { communicationId }),
      processJob('send-email', { communicationId }),
      drainInProcessJobs(),
    ]);
    await processJob('send-email', { communicationId });
    expect(await deliverCommunication(getDb(), communicationId)).toBe('skipped');

    expect(smtp.messages.filter((m) => m.subject === 'Once only')).toHaveLength(1);
    expect((await statusOf(communicationId)).status).toBe('sent');
  });

  it('recording the same message key again reuses the row and sends nothing new', async () => {
    useSmtp(smtp.url);
    const k = key();
    const first = await sendEmail(getDb(), { to: 'cy@example.test', subject: 'Keyed', html: '<p>k</p>', kind: 'test', key: k });
    await drainInProcessJobs();
    const second = await sendEmail(getDb(), { to: 'cy@example.test', subject: 'Keyed', html: '<p>k</p>', kind: 'test', key: k });
    await drainInProcessJobs();
    expect(second.communicationId).toBe(first.communicationId);
    expect(smtp.messages).toHaveLength(1);
  });

  it('a refused delivery is recorded as failed, and the retry sends it exactly once', async () => {
    useSmtp(smtp.url);
    smtp.rejectNext(1);
    const { communicationId } = await getDb()
      .insertInto('communications')
      .values({ message_key: key(), recipient: 'dee@example.test', subject: 'Retry me', html: '<p>retry</p>', kind: 'test', status: 'queued' })
      .returning('id as communicationId')
      .executeTakeFirstOrThrow();

    await expect(processJob('send-email', { communicationId })).rejects.toThrow(/451|Temporary failure/);
    const failed = await statusOf(communicationId);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/Temporary failure/);
    expect(smtp.messages).toHaveLength(0);

    await processJob('send-email', { communicationId });
    await processJob('send-email', { communicationId });
    expect(smtp.messages).toHaveLength(1);
    expect((await statusOf(communicationId)).status).toBe('sent');
  });
});

describe('send-email without SMTP_URL', () => {
  it('stores the email and marks it logged, without contacting any server', async () => {
    useSmtp(undefined);
    const { communicationId } = await sendEmail(getDb(), { to: 'eve@example.test', subject: 'Logged', html: '<p>log me</p>', kind: 'test', key: key() });
    await drainInProcessJobs();
    const row = await statusOf(communicationId);
    expect(row.status).toBe('logged');
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(smtp.messages).toHaveLength(0);
    expect(await deliverCommunication(getDb(), communicationId)).toBe('skipped');
  });
});

describe('send-email payloads', () => {
  it('refuses a bad payload when enqueued, and retries a communication that is not visible yet', async () => {
    await expect(processJob('send-email', { communicationId: 'x' })).rejects.toThrow();
    // A row recorded inside a transaction that has not committed yet: the job throws, so it is retried.
    await expect(deliverCommunication(getDb(), 2_000_000_000)).rejects.toThrow(/not found/);
  });
});
