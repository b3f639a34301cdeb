import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type Job } from 'bullmq';
import {
  getWorkerRedis,
  init,
  loadEnv,
  logger,
  processJob,
  QUEUE_NAMES,
  QUEUES,
  queuePrefix,
  runScheduledJob,
  scheduledIdOf,
  shutdown,
  startSchedules,
  type JobContext,
  type QueueName,
} from '@modules/shared/index.server';
import { registerAllJobs } from './registry';
import { registerAllListeners } from '@modules/listeners.server';

/** One BullMQ worker per queue, each with its concurrency; closed and awaited together. */
export interface Workers {
  workers: Map<QueueName, Worker>;
  on(event: 'completed' | 'failed', listener: (job: Job) => void): void;
  waitUntilReady(): Promise<void>;
  close(): Promise<void>;
  readonly closing: boolean;
}

async function run(job: Job) {
  const ctx: JobContext = { jobId: job.id ?? 'unknown', attempt: job.attemptsMade + 1, updateProgress: (p) => job.updateProgress(p) };
  // A per-entity delayed job: its row in scheduled_jobs holds the payload and decides whether it still runs.
  const scheduledId = scheduledIdOf(job.id);
  if (scheduledId) {
    await runScheduledJob(scheduledId, ctx);
    return;
  }
  await processJob(job.name, job.data, ctx);
}

/**
 * BullMQ workers on the worker's blocking connection (maxRetriesPerRequest null): each job runs
 * the processor defined once in jobs/ (payload validated by its zod schema). Retries and backoff
 * come from the queue's default job options. The caller has run init() and registered the jobs.
 */
export function createWorkers(opts: { queues?: QueueName[]; concurrency?: Partial<Record<QueueName, number>> } = {}): Workers {
  const connection = getWorkerRedis();
  if (!connection) throw new Error('REDIS_URL is not set: a BullMQ worker needs Redis.');
  const workers = new Map<QueueName, Worker>();
  for (const name of opts.queues ?? QUEUE_NAMES) {
    const worker = new Worker(name, run, {
      connection,
      prefix: queuePrefix(),
      concurrency: opts.concurrency?.[name] ?? QUEUES[name].concurrency,
    });
    worker.on('failed', (job, err) =>
      logger().warn({ queue: name, job: job?.name, id: job?.id, attempt: job?.attemptsMade, err }, 'job failed'),
    );
    // Without a listener an 'error' event (Redis restarting) would crash the process.
    worker.on('error', (err) => logger().error({ queue: name, err }, 'worker error'));
    workers.set(name, worker);
  }
  let closing = false;
  return {
    workers,
    on: (event, listener) => {
      for (const w of workers.values()) w.on(event, (job: Job | undefined) => job && listener(job));
    },
    waitUntilReady: async () => {
      await Promise.all([...workers.values()].map((w) => w.waitUntilReady()));
    },
    close: async () => {
      closing = true;
      await Promise.all([...workers.values()].map((w) => w.close()));
    },
    get closing() {
      return closing;
    },
  };
}

/** `npm run worker`: migrate, register the jobs and their schedules, then process the queue. */
export async function startWorker(): Promise<Workers> {
  await init();
  registerAllJobs();
  registerAllListeners();
  await startSchedules();
  return createWorkers();
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
  let worker: Workers | undefined;
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
  logger().info({ queues: Object.fromEntries(QUEUE_NAMES.map((q) => [q, QUEUES[q].concurrency])), prefix: queuePrefix() }, 'worker started');
}

if (isMainModule()) await main();
