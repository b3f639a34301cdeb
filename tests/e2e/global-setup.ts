import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createScratchDatabase, dropRedisKeys, freePort, repoRoot, runToEnd, serverEntry, spawnLogged, stopChild, tsxBin, waitForServer } from '../../scripts/lib/server-process';

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

export default async function setup(project: TestProject) {
  const assets = path.join(repoRoot, 'public/build');
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
    // Each browser page sends its own X-Forwarded-For (per-IP limits); only loopback may say so.
    TRUST_PROXY: 'loopback',
  };
  delete env.SMTP_URL;
  delete env.UNDER_CONSTRUCTION_UNTIL;
  // The server is not a test process: drop what vitest sets (it quietens the logs, among others).
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'TEST') delete env[key];

  const baseDbUrl = process.env.DATABASE_URL;
  const dbName = `leda_e2e_${id}`;
  let dataDir: string | undefined;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let child: ChildProcess | undefined;
  let worker: ChildProcess | undefined;

  const teardown = async () => {
    if (worker) await stopChild(worker);
    if (child) await stopChild(child);
    if (scratch) await scratch.drop();
    if (process.env.REDIS_URL) await dropRedisKeys(process.env.REDIS_URL, `leda-e2e-${id}`).catch(() => undefined);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (!process.env.E2E_KEEP_LOG) fs.rmSync(logFile, { force: true });
  };

  try {
    if (baseDbUrl) {
      scratch = await createScratchDatabase(baseDbUrl, dbName);
      env.DATABASE_URL = scratch.url;
      await runToEnd(tsxBin, ['scripts/seed.ts'], env, logFile);
    } else {
      delete env.DATABASE_URL;
      // A PGlite database lives inside the web process, so no worker could share it: without
      // DATABASE_URL the jobs must run in-process, which needs REDIS_URL unset (decision 090).
      delete env.REDIS_URL;
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-e2e-'));
      env.DATA_DIR = dataDir;
    }
    child = spawnLogged(process.execPath, [serverEntry], env, logFile);
    await waitForServer(`${baseUrl}/auth/login`, child, logFile, { name: 'The e2e server' });
    if (env.REDIS_URL) {
      // With Redis the web process only enqueues (e.g. the welcome-email batch): a worker, as in
      // production, processes the queue. Started after the server, which has migrated by then.
      worker = spawnLogged(tsxBin, ['jobs/worker.ts'], env, logFile);
    }
  } catch (e) {
    await teardown();
    throw e;
  }
  project.provide('e2eBaseUrl', baseUrl);
  return teardown;
}
