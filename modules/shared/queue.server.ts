import { Queue } from 'bullmq';
import type { z } from 'zod';
import { getRedis } from './redis.server';
import { loadEnv } from './env.server';
import { logger } from './logger.server';

/**
 * The job port that modules use. Each job is defined once in jobs/ (name, zod payload,
 * processor) and registered at start-up. With REDIS_URL, enqueue() adds a BullMQ job that
 * `npm run worker` processes; without it, the same processor runs in this process.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  process: (payload: z.infer<S>) => Promise<void>;
  /** Repeat every N ms (scheduled jobs); optional. */
  everyMs?: number;
}

export const QUEUE_NAME = 'leda-jobs';
const ATTEMPTS = 5;

const registry = new Map<string, JobDefinition>();
const pending = new Set<Promise<void>>();
let queue: Queue | undefined;
const timers: NodeJS.Timeout[] = [];

export function registerJobs(defs: JobDefinition[]) {
  for (const d of defs) registry.set(d.name, d);
}

export function getJob(name: string): JobDefinition | undefined {
  return registry.get(name);
}

/** Runs one job's processor on a payload (validated again: a queue may hold old or foreign data). */
export async function processJob(name: string, payload: unknown) {
  const def = registry.get(name);
  if (!def) throw new Error(`Unknown job ${name}: is it registered in jobs/registry.ts?`);
  await def.process(def.schema.parse(payload));
}

export function queuePrefix() {
  return `${loadEnv().REDIS_PREFIX}:bull`;
}

function getQueue(): Queue | undefined {
  const connection = getRedis();
  if (!connection) return undefined;
  if (!queue) {
    queue = new Queue(QUEUE_NAME, {
      connection,
      prefix: queuePrefix(),
      defaultJobOptions: {
        attempts: ATTEMPTS,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: 1000,
        removeOnFail: 5000,
      },
    });
    // Without a listener an 'error' event (Redis restarting) would crash the web process.
    queue.on('error', (err) => logger().warn({ err }, 'job queue error'));
  }
  return queue;
}

async function runInProcess(def: JobDefinition, payload: unknown) {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      await def.process(payload);
      return;
    } catch (error) {
      logger().warn({ job: def.name, attempt, err: error }, 'job failed');
      if (attempt === ATTEMPTS) return;
      await new Promise((r) => setTimeout(r, process.env.VITEST ? 10 : 2000 * 2 ** (attempt - 1)));
    }
  }
}

/** Adds a job. The payload is validated here, so a bad payload fails the caller, not the worker. */
export async function enqueue(name: string, payload: unknown, opts: { jobId?: string; delayMs?: number } = {}) {
  const def = registry.get(name);
  if (!def) throw new Error(`Unknown job ${name}: is it registered in jobs/registry.ts?`);
  const data = def.schema.parse(payload);
  const q = getQueue();
  if (q) {
    await q.add(name, data, { jobId: opts.jobId, delay: opts.delayMs });
    return;
  }
  const run = new Promise<void>((resolve) => {
    setTimeout(() => void runInProcess(def, data).finally(resolve), opts.delayMs ?? 0);
  });
  pending.add(run);
  void run.finally(() => pending.delete(run));
}

/** In-process mode: wait for every job enqueued so far (tests, graceful shutdown). */
export async function drainInProcessJobs() {
  while (pending.size > 0) await Promise.all([...pending]);
}

/** Schedules the repeating jobs: BullMQ job schedulers with Redis, timers in-process. */
export async function startSchedules() {
  const q = getQueue();
  for (const def of registry.values()) {
    if (!def.everyMs) continue;
    if (q) {
      await q.upsertJobScheduler(`every-${def.name}`, { every: def.everyMs }, { name: def.name, data: {} });
    } else {
      const t = setInterval(() => void enqueue(def.name, {}), def.everyMs);
      t.unref();
      timers.push(t);
    }
  }
}

export async function closeQueue() {
  for (const t of timers.splice(0)) clearInterval(t);
  await drainInProcessJobs();
  const q = queue;
  queue = undefined;
  if (q) await q.close();
}
