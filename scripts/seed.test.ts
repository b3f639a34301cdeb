import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The CLIs as operators run them (`npm run db:migrate`, `npm run seed`), each in a child process
 * against a database of its own: this test file's PostgreSQL database when DATABASE_URL is set,
 * otherwise a fresh embedded database in a temporary DATA_DIR.
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-cli-'));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function runScript(script: string, extraEnv: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...extraEnv };
  delete env.VITEST;
  delete env.REDIS_URL;
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run db:migrate and npm run seed', () => {
  it('migrates, seeds an empty database once, then says it is already seeded', async () => {
    const migrate = await runScript('db:migrate');
    expect(migrate.code, migrate.output).toBe(0);
    expect(migrate.output).toContain('database is up to date');

    const first = await runScript('seed');
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('Demo data seeded');
    for (const email of ['admin@leda.test', 'orgadmin@leda.test', 'teamadmin@leda.test', 'learner@leda.test', 'trial@leda.test', 'student@leda.test', 'expired@leda.test']) {
      expect(first.output).toContain(email);
    }
    expect(first.output).toContain('leda-demo-2026');

    const again = await runScript('seed');
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('already seeded');
  }, 120_000);

  it('refuses to seed when APP_ENV=production', async () => {
    const refused = await runScript('seed', { APP_ENV: 'production' });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('refused when APP_ENV=production');
  }, 60_000);
});
