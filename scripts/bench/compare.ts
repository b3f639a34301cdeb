import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, spawnLogged, stopChild, waitForServer } from '../lib/server-process';

/**
 * `--compare NAME=DIR[,NAME=DIR…]` (issue 29 §2): more Leda servers, each started from another
 * checkout's build (`node DIR/build/index.js` with DIR as its working directory, so it resolves
 * DIR/node_modules: a copy with one patch reversed, or a worktree with one runtime item replaced by
 * Remix's default), on the same database and Redis as the main server. Every target is then measured
 * on each of them right after the main server, in the same round, and printed as "NAME: target":
 * the CPU per request of the same page with one item switched off, measured side by side.
 * A file `DIR/node-args` (whitespace-separated) adds flags to that server's node, e.g. a V8 heap setting.
 */
export interface Comparison {
  name: string;
  url: string;
  pid?: number;
  child: ChildProcess;
}

export function parseComparisons(spec: string | undefined): { name: string; dir: string }[] {
  if (!spec) return [];
  return spec.split(',').filter(Boolean).map((pair) => {
    const [name, dir] = pair.split('=');
    if (!name || !dir) throw new Error(`--compare wants NAME=DIR, got "${pair}"`);
    const resolved = path.resolve(dir);
    if (!fs.existsSync(path.join(resolved, 'build/index.js'))) throw new Error(`--compare ${name}: ${resolved}/build/index.js is missing (run \`npm run build\` there)`);
    return { name, dir: resolved };
  });
}

export async function startComparisons(
  specs: { name: string; dir: string }[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  pin: (pid: number | undefined) => void,
): Promise<Comparison[]> {
  const started: Comparison[] = [];
  for (const { name, dir } of specs) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const nodeArgsFile = path.join(dir, 'node-args');
    const nodeArgs = fs.existsSync(nodeArgsFile) ? fs.readFileSync(nodeArgsFile, 'utf8').split(/\s+/).filter(Boolean) : [];
    const child = spawnLogged(process.execPath, [...nodeArgs, path.join(dir, 'build/index.js')], { ...env, PORT: String(port), PUBLIC_URL: url }, logFile, dir);
    pin(child.pid);
    started.push({ name, url, pid: child.pid, child });
    await waitForServer(`${url}/bench/hello`, child, logFile, { name: `The ${name} server`, ready: (status) => status >= 200 && status < 300 });
  }
  return started;
}

export async function stopComparisons(comparisons: Comparison[]) {
  for (const c of comparisons) await stopChild(c.child);
}
