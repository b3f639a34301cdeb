import type { Queue } from 'bullmq';
import { CronExpressionParser } from 'cron-parser';
import { getRedis, withRedisDeadline } from './redis.server';
import { loadEnv } from './env.server';
import { logger } from './logger.server';

/**
 * The repeating jobs' BullMQ job schedulers, watched (docs/decisions/245). Redis that restarts empty
 * or is flushed loses them, and nothing would run the sweep, the reminders, publishing or housekeeping
 * again until a restart. They are checked on every reconnect and every JOB_SCHEDULE_CHECK_SECONDS,
 * re-created when missing, and the sweep then runs at once to enqueue again what the lost jobs carried.
 */
export interface SchedulerPort {
  repeating(): { name: string; queue: string; repeat: { pattern: string; tz?: string } }[];
  queueOf(queue: string): Promise<Queue | undefined>;
  /** Enqueues one run of the named job (the recovery sweep). */
  recover(jobName: string): Promise<void>;
}

/** The job run at once when schedulers had to be re-created: it re-enqueues what Redis lost. */
const RECOVERY_JOB = 'sweep';
let watch: { timer: NodeJS.Timeout; client: { off(event: 'ready', fn: () => void): unknown }; onReady: () => void } | undefined;
let checking: Promise<string[]> | undefined;

/**
 * Creates each repeating job's BullMQ job scheduler that Redis does not hold (every one with
 * `force`); answers the names it (re-)created. After a loss (not at start-up) it also enqueues one
 * run of the sweep. Never throws without `force`: Redis may be down again, and the next check tries again.
 */
export function ensureJobSchedulers(port: SchedulerPort, opts: { force?: boolean } = {}): Promise<string[]> {
  checking ??= (async () => {
    const created: string[] = [];
    try {
      for (const def of port.repeating()) {
        const q = await port.queueOf(def.queue);
        if (!q) return created;
        if (!opts.force && (await withRedisDeadline(q.getJobScheduler(def.name)))) continue;
        await withRedisDeadline(q.upsertJobScheduler(def.name, { pattern: def.repeat.pattern, tz: def.repeat.tz }, { name: def.name, data: {} }), 5000);
        created.push(def.name);
      }
      if (!opts.force && created.length) {
        logger().warn({ schedulers: created }, 'job schedulers were missing from Redis (restarted empty or flushed): re-created, sweep queued');
        await port.recover(RECOVERY_JOB);
      }
    } catch (err) {
      logger().warn({ err: err instanceof Error ? err.message : String(err) }, 'job scheduler check failed: will try again');
      if (opts.force) throw err;
    }
    return created;
  })().finally(() => (checking = undefined));
  return checking;
}

/** Checks the schedulers after every reconnect and on a timer (a flush keeps the connection). */
export function watchJobSchedulers(port: SchedulerPort) {
  void stopWatchingJobSchedulers();
  const client = getRedis();
  if (!client) return;
  const check = () => void ensureJobSchedulers(port);
  client.on('ready', check);
  const timer = setInterval(check, loadEnv().JOB_SCHEDULE_CHECK_SECONDS * 1000);
  timer.unref();
  watch = { timer, client, onReady: check };
}

/** Stops the watch and waits for a check under way. */
export async function stopWatchingJobSchedulers() {
  if (watch) {
    clearInterval(watch.timer);
    watch.client.off('ready', watch.onReady);
    watch = undefined;
  }
  await checking?.catch(() => undefined);
}

/** The next time a cron pattern fires after `from`. */
export function nextCronRun(pattern: string, tz: string | undefined, from = new Date()): Date {
  return CronExpressionParser.parse(pattern, { tz, currentDate: from }).next().toDate();
}

const MAX_TIMER_MS = 2 ** 31 - 1;
const repeatTimers: NodeJS.Timeout[] = [];

/** Without Redis: a timer per repeating job that calls `run` each time its cron pattern fires. */
export function startLocalRepeat(repeat: { pattern: string; tz?: string }, run: () => void) {
  const arm = () => {
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, nextCronRun(repeat.pattern, repeat.tz).getTime() - Date.now()));
    const t = setTimeout(() => {
      repeatTimers.splice(repeatTimers.indexOf(t), 1);
      run();
      arm();
    }, delay);
    t.unref();
    repeatTimers.push(t);
  };
  arm();
}

export function stopLocalRepeats() {
  for (const t of repeatTimers.splice(0)) clearTimeout(t);
}
