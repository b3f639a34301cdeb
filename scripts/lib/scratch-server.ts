import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, serverEntry, spawnLogged, stopChild, waitForServer } from './server-process';

/**
 * The BUILT server (build/index.js; run `npm run build` first) on a free port with a fresh embedded
 * database, which seeds the demo on its first start: for tools that look at the screens
 * (scripts/lighthouse.ts, scripts/screenshots.ts). No worker: without Redis the jobs run in-process.
 */
export async function startScratchServer(name: string) {
  if (!fs.existsSync(serverEntry)) throw new Error('build/index.js is missing: run `npm run build` first, or pass --url of a running server.');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `leda-${name}-`));
  const logFile = path.join(dataDir, 'server.log');
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', APP_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  delete env.UNDER_CONSTRUCTION_UNTIL;
  const child = spawnLogged(process.execPath, [serverEntry], env, logFile, repoRoot);
  try {
    await waitForServer(`${baseUrl}/auth/login`, child, logFile);
  } catch (e) {
    await stopChild(child);
    throw e;
  }
  return {
    baseUrl,
    stop: async () => {
      await stopChild(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
