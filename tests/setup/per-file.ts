import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject, vi } from 'vitest';

/**
 * Runs before each test file: points DATABASE_URL (or DATA_DIR) and the Redis prefix at this
 * file's own copies, opens the database, registers the jobs. A worker runs several files one after
 * another in one module graph (vitest `isolate: false`, decision 231), so each file starts from the
 * environment the worker started with, and shutdown() drops every cache tied to the last database.
 */
const globals = globalThis as { __ledaBaseEnv?: NodeJS.ProcessEnv; __ledaSnapshot?: Promise<Buffer> };
const baseEnv = (globals.__ledaBaseEnv ??= { ...process.env });
for (const key of Object.keys(process.env)) if (!(key in baseEnv)) delete process.env[key];
Object.assign(process.env, baseEnv);
// The parsed environment and the caches built from it are the last file's until dropped (decision 321).
const { resetEnvCache } = await import('../../modules/shared/env.server');
resetEnvCache();

const fileId = randomBytes(4).toString('hex');
const template = inject('pgTemplate');
const pgliteSnapshot = inject('pgliteSnapshot');
const runId = inject('runId');
const baseUrl = process.env.DATABASE_URL;
let tmpDir: string | undefined;

process.env.APP_ENV = 'development';
// Tests log warnings and errors only, unless the run asks for more (LOG_LEVEL=debug npx vitest ...).
if (!baseEnv.LOG_LEVEL) process.env.LOG_LEVEL = 'warn';
process.env.PUBLIC_URL = 'http://localhost:3000';
process.env.REDIS_PREFIX = `leda-test-${runId}-${fileId}`;
delete process.env.SMTP_URL;
delete process.env.UNDER_CONSTRUCTION_UNTIL;

if (template && baseUrl) {
  const name = `leda_t_${runId}_${fileId}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      break;
    } catch (e) {
      if (attempt > 20) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
} else {
  delete process.env.DATABASE_URL;
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-test-'));
  // Uploads and other files still go to a directory of this file's own.
  process.env.DATA_DIR = tmpDir;
}

const { init, shutdown } = await import('../../modules/shared/init.server');
if (!template && pgliteSnapshot) {
  // The migrated snapshot from global-setup, loaded into memory on this file's first query.
  const { startPgliteInMemoryFrom } = await import('../../modules/shared/db/db.server');
  const bytes = (globals.__ledaSnapshot ??= fs.promises.readFile(pgliteSnapshot));
  startPgliteInMemoryFrom(async () => new Blob([new Uint8Array(await bytes)]));
}
const { registerAllJobs } = await import('../../jobs/registry');
// A failing job's retries wait milliseconds, not the production backoff.
const { setFixedRetryDelays } = await import('../../modules/shared/queue.server');
setFixedRetryDelays({ inProcessMs: 10, scheduledMs: 1000 });
const { registerAllListeners } = await import('../../modules/listeners.server');

beforeAll(async () => {
  await init({ migrate: !template && !pgliteSnapshot });
  registerAllJobs();
  registerAllListeners();
});

afterAll(async () => {
  await shutdown();
  const { removeAllListeners } = await import('../../modules/shared/events.server');
  removeAllListeners();
  // What a file changed in the shared process is undone before the next file runs.
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});
