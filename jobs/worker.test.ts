import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, getDb, getQueue, getRedis, LINK_REMOVED, loadEnv, QUEUE_NAMES, resetEnvCache, resetMailTransport } from '@modules/shared/index.server';
import { makeUser } from '../tests/support/factories';
import { startSmtpServer, type TestSmtpServer } from '../tests/support/smtp-server';
import { createWorkers } from './worker';

/**
 * The BullMQ path: a worker (the one `npm run worker` runs) processes a welcome batch on a real
 * Redis, and `npm run worker` stops cleanly on SIGTERM.
 * Skipped without REDIS_URL because these tests are about Redis itself: the in-process path is
 * covered by jobs/welcome-email-batch.test.ts, and CI (.ci/run) always sets REDIS_URL.
 */
const hasRedis = Boolean(process.env.REDIS_URL);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PUBLIC_URL = 'https://leda.worker.test';
const savedPublicUrl = process.env.PUBLIC_URL;
let smtp: TestSmtpServer | undefined;

async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const welcomesTo = (email: string) =>
  getDb().selectFrom('communications').selectAll().where('recipient', '=', email).where('kind', '=', 'welcome').execute();

describe.skipIf(!hasRedis)('jobs on BullMQ (Redis)', () => {
  let queues: Queue[];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    process.env.PUBLIC_URL = PUBLIC_URL;
    process.env.SMTP_URL = smtp.url;
    resetEnvCache();
    resetMailTransport();
    queues = QUEUE_NAMES.map((name) => getQueue(name)!);
  });

  afterAll(async () => {
    // This file's queue keys (REDIS_PREFIX is unique per test file).
    const redis = getRedis();
    if (redis) {
      const keys = await redis.keys(`${loadEnv().REDIS_PREFIX}:*`);
      if (keys.length) await redis.del(...keys);
    }
    await smtp?.close();
    delete process.env.SMTP_URL;
    process.env.PUBLIC_URL = savedPublicUrl;
    resetEnvCache();
    resetMailTransport();
  });

  const idle = async () => {
    for (const queue of queues) {
      const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
      if (!Object.values(c).every((n) => n === 0)) return false;
    }
    return true;
  };

  it('a worker processes a welcome batch: one welcome email per user, and a re-run sends nothing new', async () => {
    const users = [await makeUser({ withPassword: false }), await makeUser({ withPassword: false })];
    const batchKey = `batch-${randomBytes(4).toString('hex')}`;
    const worker = createWorkers();
    const completed: string[] = [];
    worker.on('completed', (job) => completed.push(job.name));
    try {
      await enqueue('welcome-email-batch', { batchKey, userIds: users.map((u) => u.userId) });
      // The batch records two communications and enqueues one send-email job for each.
      await waitFor('two emails delivered', async () => completed.filter((n) => n === 'send-email').length >= 2 && (await idle()));

      for (const user of users) {
        const rows = await welcomesTo(user.email);
        expect(rows).toHaveLength(1);
        expect(rows[0]!.status).toBe('sent');
        // The stored copy has no usable link; the email the SMTP server received has a fresh one.
        expect(rows[0]!.html).toContain(`https://leda.worker.test/auth/password-create/${LINK_REMOVED}`);
        expect(rows[0]!.html).not.toMatch(/\/auth\/password-create\/[A-Za-z0-9_-]{40,}/);
        const received = smtp!.messages.filter((m) => m.to.includes(user.email));
        expect(received).toHaveLength(1);
        expect(received[0]!.subject).toBe('Welcome to Leda: create your password');
        expect(received[0]!.html).toMatch(/https:\/\/leda\.worker\.test\/auth\/password-create\/[A-Za-z0-9_-]{40,}/);
      }

      const batchesBefore = completed.filter((n) => n === 'welcome-email-batch').length;
      await enqueue('welcome-email-batch', { batchKey, userIds: users.map((u) => u.userId) });
      await waitFor('the re-run batch', async () => completed.filter((n) => n === 'welcome-email-batch').length > batchesBefore && (await idle()));
      for (const user of users) expect(await welcomesTo(user.email)).toHaveLength(1);
      expect(smtp!.messages).toHaveLength(2);
      expect(completed.filter((n) => n === 'send-email')).toHaveLength(2);
    } finally {
      await expect(worker.close()).resolves.toBeUndefined();
    }
  });

  it('a worker closes cleanly, also right after it started', async () => {
    const worker = createWorkers();
    await worker.waitUntilReady();
    await expect(worker.close()).resolves.toBeUndefined();
    expect(worker.closing).toBeTruthy();
  });

  it('`npm run worker` starts, logs, and exits 0 on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-worker-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // Its own embedded database when there is no DATABASE_URL (PGlite allows one process per
      // directory), and its own Redis keys; DATABASE_URL is this test file's own database.
      DATA_DIR: dataDir,
      REDIS_PREFIX: `${loadEnv().REDIS_PREFIX}-spawned`,
      LOG_LEVEL: 'info',
    };
    delete env.VITEST; // the logger drops info lines under vitest
    delete env.SMTP_URL;
    // Through npm, as operators run it: the script execs one node process (tsx as a loader, not a relaying parent) so npm's SIGTERM reaches the worker itself.
    const child = spawn('npm', ['run', '--silent', 'worker'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitFor('"worker started" in the log', async () => output.includes('worker started') || child.exitCode !== null, 60_000);
      expect(output).toContain('worker started');
      const stoppedAt = Date.now();
      child.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10_000))]);
      expect(code, output).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      expect(output).toContain('worker stopping');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      const redis = getRedis();
      if (redis) {
        const keys = await redis.keys(`${env.REDIS_PREFIX}:*`);
        if (keys.length) await redis.del(...keys);
      }
    }
  }, 90_000);
});
