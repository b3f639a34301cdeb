/**
 * Running the BUILT server (or a script such as the seed) as a child process, for the tools that
 * need a real server: scripts/bench.ts and the e2e global setup (tests/e2e/global-setup.ts).
 * Every child writes to one log file; errors quote its last lines.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const serverEntry = path.join(repoRoot, 'build/index.js');
export const tsxBin = path.join(repoRoot, 'node_modules/.bin/tsx');
const START_TIMEOUT_MS = 90_000;

/** A TCP port nobody listens on right now (on 127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The last lines of a log file, for an error message. */
export function tail(file: string, lines = 40) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Starts `cmd args` in the repository root (or cwd), its stdout and stderr appended to logFile. */
export function spawnLogged(cmd: string, args: string[], env: NodeJS.ProcessEnv, logFile: string, cwd = repoRoot): ChildProcess {
  const log = fs.openSync(logFile, 'a');
  try {
    return spawn(cmd, args, { cwd, env, stdio: ['ignore', log, log] });
  } finally {
    fs.closeSync(log);
  }
}

/** Runs `cmd args` to its end; rejects (quoting the log) when it exits with a non-zero code. */
export function runToEnd(cmd: string, args: string[], env: NodeJS.ProcessEnv, logFile: string, cwd = repoRoot): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnLogged(cmd, args, env, logFile, cwd);
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}:\n${tail(logFile)}`));
    });
  });
}

/**
 * Polls `url` (redirects not followed) until `ready(status)`; fails when the child exits first
 * or after 90 s. `name` says which server in the error ("The server", "The e2e server").
 */
export async function waitForServer(
  url: string,
  child: ChildProcess,
  logFile: string,
  { name = 'The server', ready = (status: number) => status < 500 }: { name?: string; ready?: (status: number) => boolean } = {},
) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before answering:\n${tail(logFile)}`);
    try {
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2000) });
      if (ready(res.status)) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not answer within ${START_TIMEOUT_MS / 1000}s:\n${tail(logFile)}`);
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the child has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Deletes the Redis keys the child wrote under its own REDIS_PREFIX. */
export async function dropRedisKeys(redisUrl: string, prefix: string) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * A new, empty PostgreSQL database next to the one `baseUrl` names (so a bench or test run never
 * writes into a database somebody uses), and a function that drops it again.
 */
export async function createScratchDatabase(baseUrl: string, name: string) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    },
  };
}

/** A process's CPU time (user + system) in ms, from /proc/<pid>/stat (Linux USER_HZ is 100); NaN when unreadable. */
export function processCpuMs(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * The environment a bench starts the built server with: production build, APP_ENV development (the
 * bench routes and X-Leda-Queries are served), its own port, data folder and Redis prefix, no mail.
 */
export function benchServerEnv(opts: { port: number; baseUrl: string; dataDir: string; redisPrefix: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    PUBLIC_URL: opts.baseUrl,
    DATA_DIR: opts.dataDir,
    REDIS_PREFIX: opts.redisPrefix,
    LOG_LEVEL: 'warn',
  };
  delete env.SMTP_URL;
  delete env.UNDER_CONSTRUCTION_UNTIL;
  return env;
}
