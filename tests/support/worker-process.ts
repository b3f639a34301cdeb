import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { getRedis, loadEnv, QUEUE_NAMES, queuePrefix, type QueueName } from '@modules/shared/index.server';

/**
 * A real `npm run worker` process for crash tests: the same command the npm script execs (node with
 * tsx as a loader, jobs/worker.ts), started directly so that SIGKILL reaches the worker itself and not
 * an npm parent. It shares this test file's database (DATABASE_URL) and Redis prefix, so jobs this
 * process enqueues are the ones it runs.
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export interface WorkerProcess {
  child: ChildProcess;
  output: () => string;
  /** SIGKILL (kill -9): no cleanup, no lock release, no graceful close. Resolves once it is gone. */
  kill9: () => Promise<void>;
  /** SIGTERM and wait for the exit (the graceful path). */
  stop: () => Promise<void>;
}

export async function startWorkerProcess(extraEnv: Record<string, string> = {}, timeoutMs = 30_000): Promise<WorkerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info', ...extraEnv };
  const child = spawn(process.execPath, ['--import', 'tsx', 'jobs/worker.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  while (!output.includes('worker started')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The worker did not start:\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const gone = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { child, output: () => output, kill9: () => gone('SIGKILL'), stop: () => gone('SIGTERM') };
}

/**
 * After a kill -9, BullMQ gives a dead worker's active jobs back to the queue by itself: the job's lock
 * expires (lockDuration, 30 s after its last renewal), one stalled check marks the job, the next check
 * (stalledInterval, 30 s later) moves it back to wait. That is up to a minute of waiting; this does
 * what that minute would do, with BullMQ's own keys: the lock gone, the job marked as stalled, the
 * check's throttle cleared. The restarted worker's start-up stalled check then re-queues them (its
 * stall counter goes up, as after a real crash). Answers the jobs it marked, per queue.
 */
export async function expireDeadWorkerLocks(queues: readonly QueueName[] = QUEUE_NAMES): Promise<Record<string, string[]>> {
  const redis = getRedis();
  if (!redis) throw new Error('expireDeadWorkerLocks needs REDIS_URL');
  const prefix = queuePrefix();
  const marked: Record<string, string[]> = {};
  for (const queue of queues) {
    const key = (k: string) => `${prefix}:${queue}:${k}`;
    const active = await redis.lrange(key('active'), 0, -1);
    marked[queue] = active;
    for (const id of active) await redis.del(key(`${id}:lock`));
    if (active.length) await redis.sadd(key('stalled'), ...active);
    await redis.del(key('stalled-check'));
  }
  return marked;
}

/** Deletes this test file's Redis keys (REDIS_PREFIX is unique per test file). */
export async function deleteQueueKeys() {
  const redis = getRedis();
  if (!redis) return;
  const keys = await redis.keys(`${loadEnv().REDIS_PREFIX}:*`);
  if (keys.length) await redis.del(...keys);
}

export async function waitFor<T>(what: string | (() => string), check: () => Promise<T | undefined | false | null>, timeoutMs = 20_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
