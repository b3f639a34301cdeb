import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'bullmq';
import { getRedis, init, loadEnv, logger, processJob, QUEUE_NAME, queuePrefix, shutdown, startSchedules } from '@modules/shared/index.server';
import { registerAllJobs } from './registry';

const CONCURRENCY = 4;

/**
 * A BullMQ worker on the shared queue: each job runs the processor defined once in jobs/
 * (payload validated by its zod schema). Retries and backoff come from the queue's default
 * job options (modules/shared/queue.server.ts). The caller has run init() and registered the jobs.
 */
export function createWorker(opts: { concurrency?: number } = {}): Worker {
  const connection = getRedis();
  if (!connection) throw new Error('REDIS_URL is not set: a BullMQ worker needs Redis.');
  const worker = new Worker(QUEUE_NAME, async (job) => processJob(job.name, job.data), {
    connection,
    prefix: queuePrefix(),
    concurrency: opts.concurrency ?? CONCURRENCY,
  });
  worker.on('failed', (job, err) =>
    logger().warn({ job: job?.name, id: job?.id, attempt: job?.attemptsMade, err }, 'job failed'),
  );
  // Without a listener an 'error' event (Redis restarting) would crash the process.
  worker.on('error', (err) => logger().error({ err }, 'worker error'));
  return worker;
}

/** `npm run worker`: migrate, register the jobs and their schedules, then process the queue. */
export async function startWorker(): Promise<Worker> {
  await init();
  registerAllJobs();
  await startSchedules();
  return createWorker();
}

function isMainModule() {
  const entry = process.argv[1];
  if (!entry) return false;
  const self = fileURLToPath(import.meta.url);
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(entry) === real(self);
}

async function main() {
  // Checked before anything opens: without Redis the web process runs the jobs itself.
  if (!loadEnv().REDIS_URL) {
    console.error('REDIS_URL is not set: without Redis the web process runs jobs in-process and no worker is needed.');
    process.exit(1);
  }
  let worker: Worker | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger().info({ signal }, 'worker stopping');
    try {
      await worker?.close();
      await shutdown();
    } catch (err) {
      logger().error({ err }, 'worker did not close cleanly');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  try {
    worker = await startWorker();
  } catch (err) {
    logger().error({ err }, 'worker failed to start');
    await shutdown();
    process.exit(1);
  }
  logger().info({ queue: QUEUE_NAME, prefix: queuePrefix(), concurrency: CONCURRENCY }, 'worker started');
}

if (isMainModule()) await main();
