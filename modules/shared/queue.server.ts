import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as BullMQ from 'bullmq';
import type { Queue } from 'bullmq';
import { sql } from 'kysely';
import type { z } from 'zod';
import { getRedis, usableRedis, withRedisDeadline } from './redis.server';
import { loadEnv } from './env.server';
import { logger } from './logger.server';
import { getDb } from './db/db.server';
import { ensureJobSchedulers as ensureSchedulers, startLocalRepeat, stopLocalRepeats, stopWatchingJobSchedulers, watchJobSchedulers as watchSchedulers, type SchedulerPort } from './job-schedulers.server';

/**
 * The job port that modules use (docs/decisions/120-typed-queues-and-schedules.md).
 *
 * Each job is defined once in jobs/ with defineJob (name, queue, zod payload, plain async
 * processor, optional cron schedule) and declares its payload in JobPayloads, so enqueue and
 * schedule are checked at compile time. With REDIS_URL, jobs go to one BullMQ queue per concern
 * (QUEUES, each with its own concurrency) that `npm run worker` processes; without it the same
 * processors run in this process: retries, delays, cron schedules and progress included.
 *
 * Per-entity delayed jobs (schedule/cancel, stable ids) live in the scheduled_jobs table: the
 * row is the truth, a BullMQ delayed job or a timer only wakes it, and a sweep runs the rows
 * whose wake-up was lost (restart, Redis outage). An enqueue that cannot reach Redis is stored
 * there too, so a form post never waits for Redis and no job is lost.
 */
export const QUEUES = {
  email: { concurrency: 5 },
  bulk: { concurrency: 1 },
  imports: { concurrency: 1 },
  publishing: { concurrency: 2 },
  reminders: { concurrency: 2 },
  'fan-out': { concurrency: 2 },
  maintenance: { concurrency: 1 },
} as const satisfies Record<string, { concurrency: number }>;
export type QueueName = keyof typeof QUEUES;
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

/**
 * Every job's payload by name (its schema's input). Each job file adds its own entry:
 *   declare module '@modules/shared/queue.server' { interface JobPayloads { 'send-email': ... } }
 * so a wrong job name or payload fails `tsc`, while modules never import jobs/.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}
export type JobName = keyof JobPayloads & string;

export type JobProgress = number | Record<string, unknown>;
export type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed' | 'unknown';

/** What a processor may use besides its payload; optional so processors are callable bare in tests. */
export interface JobContext {
  jobId: string;
  attempt: number;
  updateProgress(progress: JobProgress): Promise<void>;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType, N extends string = string> {
  name: N;
  queue: QueueName;
  schema: S;
  process(payload: z.output<S>, ctx?: JobContext): Promise<void>;
  /** A repeating schedule: BullMQ job scheduler with Redis, a timer in-process. */
  repeat?: { pattern: string; tz?: string };
  /** Tries before the job counts as failed (default 5, exponential backoff). */
  attempts?: number;
}

/** Defines a job; its name must be declared in JobPayloads. */
export function defineJob<N extends JobName, S extends z.ZodType>(def: JobDefinition<S, N>): JobDefinition<S, N> {
  return def;
}

export interface EnqueueOptions {
  /** A stable id: BullMQ ignores a second job with the same id while the first is kept. */
  jobId?: string;
  delayMs?: number;
  /**
   * With a stable jobId: a finished (completed or failed) job kept under that id is removed first, so
   * the new one runs; a waiting, delayed or active one still makes this add a no-op. For sweeps that
   * re-enqueue what the database says is still to do.
   */
  replaceFinished?: boolean;
}

const ATTEMPTS = 5;
/** Job ids: BullMQ forbids ':' and plain integers; keep them short and readable. */
const JOB_ID = /^(?!\d+$)[A-Za-z0-9_.-]{1,150}$/;
const SCHEDULED_PREFIX = 'sched-';
/** In Redis mode the sweep leaves a due row this long to its BullMQ wake-up first. */
const SWEEP_GRACE_MS = 30_000;
const MAX_TIMER_MS = 2 ** 31 - 1;
const SHORT_DELAY_MS = 5000;

/**
 * bullmq is loaded on the first queue, not by every process that imports this port (~0.35 s of
 * start-up for each test file and script that never enqueues on Redis). bullmq ships CommonJS.
 */
const requireCjs = createRequire(import.meta.url);
let bullmq: typeof BullMQ | undefined;
const bull = () => (bullmq ??= requireCjs('bullmq') as typeof BullMQ);

const registry = new Map<string, JobDefinition>();
const pending = new Set<Promise<void>>();
const queues = new Map<QueueName, Queue>();
let queuesConnection: unknown;
const scheduledTimers = new Map<string, { timer: NodeJS.Timeout; release: () => void }>();
/** In-process job states for getJobProgress (the newest 1000). */
const localJobs = new Map<string, { queue: QueueName; state: JobState; progress: JobProgress }>();

export function registerJobs(defs: readonly JobDefinition<any, string>[]) {
  for (const d of defs) {
    // A job on a queue no worker listens to would wait forever: refuse it at start-up.
    if (!Object.hasOwn(QUEUES, d.queue)) throw new Error(`Job ${d.name}: unknown queue ${String(d.queue)} (one of ${QUEUE_NAMES.join(', ')})`);
    registry.set(d.name, d as JobDefinition);
  }
}

export function getJob(name: string): JobDefinition | undefined {
  return registry.get(name);
}

function mustGet(name: string): JobDefinition {
  const def = registry.get(name);
  if (!def) throw new Error(`Unknown job ${name}: is it registered in jobs/registry.ts?`);
  return def;
}

function checkJobId(id: string) {
  if (!JOB_ID.test(id)) throw new Error(`Bad job id ${JSON.stringify(id)}: letters, digits, '.', '_' and '-' only, not only digits`);
}

const noProgress: JobContext = { jobId: 'direct', attempt: 1, updateProgress: async () => undefined };

/** Runs one job's processor on a payload (validated again: a queue may hold old or foreign data). */
export async function processJob(name: string, payload: unknown, ctx: JobContext = noProgress) {
  const def = mustGet(name);
  await def.process(def.schema.parse(payload), ctx);
}

export function queuePrefix() {
  return `${loadEnv().REDIS_PREFIX}:bull`;
}

/** The BullMQ queue for a concern (web side, fail-fast connection), or undefined without REDIS_URL. */
export function getQueue(name: QueueName): Queue | undefined {
  const connection = getRedis();
  if (!connection) return undefined;
  if (queuesConnection !== connection) {
    for (const q of queues.values()) void q.close().catch(() => undefined);
    queues.clear();
    queuesConnection = connection;
  }
  let queue = queues.get(name);
  if (!queue) {
    queue = new (bull().Queue)(name, {
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
    queue.on('error', (err) => logger().debug({ err: err.message }, 'job queue error'));
    queues.set(name, queue);
  }
  return queue;
}

/** The queue when Redis answers now; undefined at once during an outage. */
async function usableQueue(name: QueueName): Promise<Queue | undefined> {
  if (!(await usableRedis())) return undefined;
  return getQueue(name);
}

function remember(jobId: string, queue: QueueName, state: JobState, progress: JobProgress = 0) {
  localJobs.delete(jobId);
  localJobs.set(jobId, { queue, state, progress });
  if (localJobs.size > 1000) localJobs.delete(localJobs.keys().next().value!);
}

function localContext(jobId: string, queue: QueueName, attempt: number): JobContext {
  return {
    jobId,
    attempt,
    updateProgress: async (progress) => {
      const entry = localJobs.get(jobId);
      if (entry) entry.progress = progress;
      else remember(jobId, queue, 'active', progress);
    },
  };
}

/**
 * Fixed retry waits instead of the exponential backoff (2 s, 4 s, … in-process; 30 s, 60 s, … for a
 * scheduled row): the test set-up sets them so a failing job's retries take milliseconds. Production
 * never calls this (decision 239: no branch on the test runner).
 */
let fixedRetryDelays: { inProcessMs: number; scheduledMs: number } | null = null;
export function setFixedRetryDelays(delays: { inProcessMs: number; scheduledMs: number } | null) {
  fixedRetryDelays = delays;
}

const backoffMs = (attempt: number) => fixedRetryDelays?.inProcessMs ?? 2000 * 2 ** (attempt - 1);

async function runInProcess(def: JobDefinition, payload: unknown, jobId: string) {
  const attempts = def.attempts ?? ATTEMPTS;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    remember(jobId, def.queue, 'active', localJobs.get(jobId)?.progress ?? 0);
    try {
      await def.process(payload, localContext(jobId, def.queue, attempt));
      remember(jobId, def.queue, 'completed', localJobs.get(jobId)?.progress ?? 0);
      return;
    } catch (error) {
      logger().warn({ job: def.name, jobId, attempt, err: error }, 'job failed');
      if (attempt === attempts) {
        remember(jobId, def.queue, 'failed', localJobs.get(jobId)?.progress ?? 0);
        return;
      }
      await new Promise((r) => setTimeout(r, backoffMs(attempt)));
    }
  }
}

function track(run: Promise<void>) {
  pending.add(run);
  void run.finally(() => pending.delete(run));
}

/**
 * Adds a job. The payload is validated here, so a bad payload fails the caller, not the worker.
 * With Redis down it never waits: the job is stored in scheduled_jobs and the sweep queues it.
 */
export async function enqueue<N extends JobName>(name: N, payload: JobPayloads[N], opts: EnqueueOptions = {}): Promise<{ jobId: string }> {
  const def = mustGet(name);
  const data = def.schema.parse(payload);
  const jobId = opts.jobId ?? randomUUID();
  checkJobId(jobId);
  if (loadEnv().REDIS_URL) {
    try {
      const q = await usableQueue(def.queue);
      if (!q) throw new Error('Redis is unavailable');
      if (opts.replaceFinished && opts.jobId) {
        const kept = await withRedisDeadline(q.getJob(jobId));
        const state = kept ? await withRedisDeadline(kept.getState()) : undefined;
        if (kept && (state === 'completed' || state === 'failed')) await withRedisDeadline(kept.remove());
      }
      await withRedisDeadline(q.add(name, data, { jobId, delay: opts.delayMs, attempts: def.attempts ?? ATTEMPTS }));
    } catch (err) {
      logger().warn({ job: name, jobId, err: err instanceof Error ? err.message : String(err) }, 'enqueue failed: job kept in the database for the sweep');
      await storeScheduled(jobId, def, data, new Date(Date.now() + (opts.delayMs ?? 0)));
    }
    return { jobId };
  }
  if (opts.delayMs && opts.delayMs > 0) {
    // In-process, a delayed job is kept in the database like a scheduled one, so a restart loses nothing.
    const runAt = new Date(Date.now() + opts.delayMs);
    await storeScheduled(jobId, def, data, runAt);
    remember(jobId, def.queue, 'delayed');
    setLocalTimer(jobId, runAt);
    return { jobId };
  }
  remember(jobId, def.queue, 'waiting');
  track(
    new Promise<void>((resolve) => {
      setTimeout(() => void runInProcess(def, data, jobId).finally(resolve), 0);
    }),
  );
  return { jobId };
}

/** In-process mode: wait for every job enqueued so far (tests, graceful shutdown). */
export async function drainInProcessJobs() {
  while (pending.size > 0) await Promise.all([...pending]);
}

/** A job's state and last reported progress (job.updateProgress), for pages that show it. */
export async function getJobProgress(queue: QueueName, jobId: string): Promise<{ state: JobState; progress: JobProgress } | undefined> {
  if (!loadEnv().REDIS_URL) {
    const local = localJobs.get(jobId);
    return local && local.queue === queue ? { state: local.state, progress: local.progress } : undefined;
  }
  try {
    const q = await usableQueue(queue);
    if (!q) return undefined;
    const job = await withRedisDeadline(q.getJob(jobId));
    if (!job) return undefined;
    const state = await withRedisDeadline(job.getState());
    const known: JobState[] = ['waiting', 'delayed', 'active', 'completed', 'failed'];
    const progress = job.progress as JobProgress;
    return { state: (known as string[]).includes(state) ? (state as JobState) : state === 'prioritized' ? 'waiting' : 'unknown', progress };
  } catch {
    return undefined; // Redis unavailable: a page shows "unknown" rather than an error
  }
}

async function storeScheduled(id: string, def: JobDefinition, data: unknown, runAt: Date) {
  const payload = JSON.stringify(data);
  await getDb()
    .insertInto('scheduled_jobs')
    .values({ id, name: def.name, payload, run_at: runAt })
    .onConflict((oc) => oc.column('id').doUpdateSet({ name: def.name, payload, run_at: runAt, attempts: 0, locked_until: null, last_error: null }))
    .execute();
}

/**
 * Runs `name` with `payload` at `runAt`, once, under a stable id (e.g. `publish-post-42`).
 * Scheduling the same id again replaces the time and payload; cancel(id) removes it.
 */
export async function schedule<N extends JobName>(name: N, payload: JobPayloads[N], runAt: Date, id: string): Promise<void> {
  const def = mustGet(name);
  const data = def.schema.parse(payload);
  checkJobId(id);
  await storeScheduled(id, def, data, runAt);
  await wake(def, id, runAt);
}

async function wake(def: JobDefinition, id: string, runAt: Date) {
  if (!loadEnv().REDIS_URL) {
    setLocalTimer(id, runAt);
    return;
  }
  try {
    const q = await usableQueue(def.queue);
    if (!q) return; // the sweep runs it once due
    const bullId = SCHEDULED_PREFIX + id;
    await withRedisDeadline(q.remove(bullId));
    await withRedisDeadline(q.add(def.name, {}, { jobId: bullId, delay: Math.max(0, runAt.getTime() - Date.now()), attempts: 1 }));
  } catch (err) {
    logger().warn({ job: def.name, id, err: err instanceof Error ? err.message : String(err) }, 'scheduled job kept for the sweep');
  }
}

/**
 * In-process wake-up of a scheduled row. A wake-up due within SHORT_DELAY_MS counts as pending work
 * (drainInProcessJobs waits for it: tests, retries); a later one does not hold up a shutdown, as
 * its row survives the restart.
 */
function setLocalTimer(id: string, runAt: Date) {
  clearLocalTimer(id);
  const delay = Math.max(0, runAt.getTime() - Date.now());
  if (delay > MAX_TIMER_MS) return; // far off: the sweep runs it
  let release: () => void = () => undefined;
  if (delay <= SHORT_DELAY_MS) track(new Promise<void>((resolve) => (release = resolve)));
  const timer = setTimeout(() => {
    scheduledTimers.delete(id);
    void runScheduledJob(id)
      .catch((err) => logger().warn({ id, err }, 'scheduled job wake-up failed'))
      .finally(release);
  }, delay);
  timer.unref();
  scheduledTimers.set(id, { timer, release });
}

function clearLocalTimer(id: string) {
  const entry = scheduledTimers.get(id);
  if (!entry) return;
  clearTimeout(entry.timer);
  entry.release();
  scheduledTimers.delete(id);
}

/** Removes a scheduled job; true when it was still pending. */
export async function cancel(id: string): Promise<boolean> {
  checkJobId(id);
  clearLocalTimer(id);
  const row = await getDb().deleteFrom('scheduled_jobs').where('id', '=', id).returning('name').executeTakeFirst();
  const def = row && registry.get(row.name);
  if (def && loadEnv().REDIS_URL) {
    // Best effort: a BullMQ job left behind finds no row and does nothing.
    const q = await usableQueue(def.queue);
    if (q) await withRedisDeadline(q.remove(SCHEDULED_PREFIX + id)).catch(() => undefined);
  }
  return Boolean(row);
}

/** The id of a scheduled job when a BullMQ job id is one (worker side). */
export function scheduledIdOf(bullJobId: string | undefined): string | undefined {
  return bullJobId?.startsWith(SCHEDULED_PREFIX) ? bullJobId.slice(SCHEDULED_PREFIX.length) : undefined;
}

/**
 * Runs one due scheduled job: claims its row (so two wake-ups never both run it), runs the
 * processor, then deletes the row; a failure is retried later with backoff, then given up.
 */
export async function runScheduledJob(id: string, ctx?: JobContext): Promise<'ran' | 'skipped' | 'failed'> {
  const db = getDb();
  const row = await db
    .updateTable('scheduled_jobs')
    .set({ locked_until: sql<Date>`now() + interval '10 minutes'`, attempts: sql<number>`attempts + 1` })
    .where('id', '=', id)
    .where('run_at', '<=', sql<Date>`now() + interval '2 seconds'`)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst();
  if (!row) return 'skipped';
  const def = registry.get(row.name);
  if (!def) {
    logger().error({ id, job: row.name }, 'scheduled job of an unknown kind left in place');
    return 'skipped';
  }
  const same = db.deleteFrom('scheduled_jobs').where('id', '=', id).where('attempts', '=', row.attempts);
  try {
    await def.process(def.schema.parse(row.payload), ctx ?? localContext(id, def.queue, row.attempts));
    await same.execute();
    if (!loadEnv().REDIS_URL) remember(id, def.queue, 'completed', localJobs.get(id)?.progress ?? 0);
    return 'ran';
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (row.attempts >= (def.attempts ?? ATTEMPTS)) {
      await same.execute();
      if (!loadEnv().REDIS_URL) remember(id, def.queue, 'failed', localJobs.get(id)?.progress ?? 0);
      logger().error({ id, job: def.name, attempts: row.attempts, err: message }, 'scheduled job failed for good');
    } else {
      const retryAt = new Date(Date.now() + (fixedRetryDelays?.scheduledMs ?? 30_000 * 2 ** (row.attempts - 1)));
      await db
        .updateTable('scheduled_jobs')
        .set({ locked_until: null, last_error: message.slice(0, 2000), run_at: retryAt })
        .where('id', '=', id)
        .where('attempts', '=', row.attempts)
        .execute();
      if (!loadEnv().REDIS_URL) setLocalTimer(id, retryAt);
      logger().warn({ id, job: def.name, attempt: row.attempts, err: message }, 'scheduled job failed: will retry');
    }
    return 'failed';
  }
}

/** Runs the scheduled jobs whose wake-up was lost (restart, Redis outage); returns how many ran. */
export async function sweepScheduledJobs(opts: { graceMs?: number; limit?: number } = {}): Promise<number> {
  const grace = opts.graceMs ?? (loadEnv().REDIS_URL ? SWEEP_GRACE_MS : 0);
  const due = await getDb()
    .selectFrom('scheduled_jobs')
    .select('id')
    .where('run_at', '<=', new Date(Date.now() - grace))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', new Date())]))
    .orderBy('run_at')
    .limit(opts.limit ?? 100)
    .execute();
  let ran = 0;
  for (const { id } of due) if ((await runScheduledJob(id)) === 'ran') ran++;
  return ran;
}

/** What the scheduler watch (job-schedulers.server.ts) needs of the queues. */
const schedulerPort: SchedulerPort = {
  repeating: () => [...registry.values()].filter((d): d is JobDefinition & { repeat: { pattern: string; tz?: string } } => !!d.repeat),
  queueOf: (queue) => usableQueue(queue as QueueName),
  recover: async (jobName) => {
    if (registry.has(jobName)) await enqueue(jobName as JobName, {} as never, { jobId: `recover-${Date.now()}` });
  },
};

/** Creates each repeating job's missing BullMQ job scheduler (every one with `force`); see job-schedulers.server.ts. */
export function ensureJobSchedulers(opts: { force?: boolean } = {}): Promise<string[]> {
  return ensureSchedulers(schedulerPort, opts);
}

function watchJobSchedulers() {
  watchSchedulers(schedulerPort);
}

/**
 * Starts the repeating schedules: BullMQ job schedulers (cron pattern with tz) with Redis, or
 * timers in-process plus the sweep that runs scheduled jobs left over from before a restart.
 * With Redis the schedulers are then watched (job-schedulers.server.ts, decision 245).
 */
export async function startSchedules() {
  const redis = loadEnv().REDIS_URL;
  if (redis) {
    await ensureJobSchedulers({ force: true });
    watchJobSchedulers();
    return;
  }
  for (const def of registry.values()) {
    if (def.repeat) startLocalRepeat(def.repeat, () => void enqueue(def.name as JobName, {} as never).catch((err) => logger().warn({ job: def.name, err }, 'scheduled run failed')));
  }
  // In-process: run what came due while the process was down now, not at the next sweep.
  track(sweepScheduledJobs().then(() => undefined, (err) => logger().warn({ err }, 'scheduled-job sweep failed')));
}

export async function closeQueue() {
  await stopWatchingJobSchedulers();
  stopLocalRepeats();
  for (const id of [...scheduledTimers.keys()]) clearLocalTimer(id);
  await drainInProcessJobs();
  const qs = [...queues.values()];
  queues.clear();
  queuesConnection = undefined;
  await Promise.all(qs.map((q) => q.close().catch(() => undefined)));
}
