import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, serverEntry, spawnLogged, stopChild, tail, waitForServer } from '../../scripts/lib/server-process';

/**
 * SIGTERM on the built server (its own process and embedded database, not the suite's shared
 * server): a slow request in flight still gets its answer, the write it committed is in the
 * database afterwards, a new connection is refused, and the process exits 0.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-shutdown-'));
const logFile = path.join(dataDir, 'server.log');

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('graceful shutdown of the web server', () => {
  it('finishes the request in flight, then exits 0', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', APP_ENV: 'development', E2E_TEST_HOOKS: '1', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'info' };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
    const child = spawnLogged(process.execPath, [serverEntry], env, logFile);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    try {
      await waitForServer(`${base}/auth/login`, child, logFile);
      const key = randomBytes(4).toString('hex');
      const inFlight = fetch(`${base}/__test/slow?key=${key}&ms=1500`, { method: 'POST' });
      await new Promise((r) => setTimeout(r, 500)); // the write is committed, the answer pending
      const stoppedAt = Date.now();
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 200));
      await expect(fetch(`${base}/auth/login`)).rejects.toThrow();

      const res = await inFlight;
      expect(res.status, tail(logFile)).toBe(200);
      expect(await res.json()).toEqual({ saved: key });
      expect(await exited).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      const log = fs.readFileSync(logFile, 'utf8');
      expect(log).toContain('shutting down: finishing requests in flight');
      expect(log).toContain('"inTime":true');

      // The database closed cleanly and holds the write whose answer the client got.
      const { PGlite } = await import('@electric-sql/pglite');
      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      const rows = await db.query('select key from rate_limits where key = $1', [`slow:${key}`]);
      await db.close();
      expect(rows.rows).toHaveLength(1);
    } finally {
      await stopChild(child);
    }
  }, 120_000);
});
