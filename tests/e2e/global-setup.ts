import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * Starts the BUILT server (node build/index.js, so run `npm run build` first; `npm run test:e2e`
 * does) as a child process on a free port, with a database of its own:
 *  - DATABASE_URL set: a new database leda_e2e_<id> on that server, seeded before the start by
 *    scripts/seed.ts (the server seeds only the embedded database), dropped afterwards;
 *  - otherwise a fresh DATA_DIR, where the embedded PGlite seeds itself on first start.
 * REDIS_URL passes through with a prefix of its own. The tests get the base URL via inject('e2eBaseUrl').
 */
declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
  }
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const START_TIMEOUT_MS = 90_000;

function freePort(): Promise<number> {
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

function tail(file: string, lines = 40) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function runToEnd(cmd: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = fs.openSync(logFile, 'a');
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', log, log] });
    child.on('error', reject);
    child.on('exit', (code) => {
      fs.closeSync(log);
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}:\n${tail(logFile)}`));
    });
  });
}

async function waitForServer(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The e2e server exited with ${child.exitCode} before answering:\n${tail(logFile)}`);
    try {
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2000) });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The e2e server did not answer within ${START_TIMEOUT_MS / 1000}s:\n${tail(logFile)}`);
}

function stopChild(child: ChildProcess): Promise<void> {
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

export default async function setup(project: TestProject) {
  const serverEntry = path.join(root, 'build/index.js');
  const assets = path.join(root, 'public/build');
  if (!fs.existsSync(serverEntry) || !fs.existsSync(assets) || !fs.readdirSync(assets).some((f) => f.startsWith('manifest-'))) {
    throw new Error('build/index.js or public/build is missing: run `npm run build` first (npm run test:e2e does).');
  }

  const id = randomBytes(4).toString('hex');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(os.tmpdir(), `leda-e2e-${id}.log`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_ENV: 'development',
    E2E_TEST_HOOKS: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    REDIS_PREFIX: `leda-e2e-${id}`,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
  };
  delete env.SMTP_URL;
  delete env.UNDER_CONSTRUCTION_UNTIL;
  // The server is not a test process: drop what vitest sets (it quietens the logs, among others).
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'TEST') delete env[key];

  const baseDbUrl = process.env.DATABASE_URL;
  const dbName = `leda_e2e_${id}`;
  let dataDir: string | undefined;
  let admin: pg.Client | undefined;
  let child: ChildProcess | undefined;

  const teardown = async () => {
    if (child) await stopChild(child);
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    }
    if (process.env.REDIS_URL) await dropRedisKeys(process.env.REDIS_URL, `leda-e2e-${id}`).catch(() => undefined);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (!process.env.E2E_KEEP_LOG) fs.rmSync(logFile, { force: true });
  };

  try {
    if (baseDbUrl) {
      admin = new pg.Client({ connectionString: baseDbUrl });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      const url = new URL(baseDbUrl);
      url.pathname = `/${dbName}`;
      env.DATABASE_URL = url.toString();
      await runToEnd(path.join(root, 'node_modules/.bin/tsx'), ['scripts/seed.ts'], env, logFile);
    } else {
      delete env.DATABASE_URL;
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-e2e-'));
      env.DATA_DIR = dataDir;
    }
    const log = fs.openSync(logFile, 'a');
    child = spawn(process.execPath, [serverEntry], { cwd: root, env, stdio: ['ignore', log, log] });
    fs.closeSync(log);
    await waitForServer(`${baseUrl}/auth/login`, child, logFile);
  } catch (e) {
    await teardown();
    throw e;
  }
  project.provide('e2eBaseUrl', baseUrl);
  return teardown;
}

async function dropRedisKeys(redisUrl: string, prefix: string) {
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
