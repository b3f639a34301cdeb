/**
 * PostgreSQL beside the load generator: when the database runs on this machine, its postmaster and
 * every backend are pinned to the load generator's core for the bench, and given every core back
 * afterwards. Unpinned, the scheduler runs backends on the server's core too, so a page's req/s
 * measured the server sharing its core with the database (a production database has machines of
 * its own). New backends inherit the postmaster's affinity.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

const LOCAL_HOSTS = new Set(['', 'localhost', '127.0.0.1', '::1', '[::1]']);

/** The postmaster's pid, read through a backend's parent; null when the database is not on this machine. */
async function postmasterPid(databaseUrl: string): Promise<number | null> {
  const url = new URL(databaseUrl);
  if (!LOCAL_HOSTS.has(url.hostname) && !url.searchParams.get('host')?.startsWith('/')) return null;
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
    const stat = fs.readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  } finally {
    await db.end();
  }
}

/** The postmaster's backends (none when the kernel does not list children, or it has exited). */
function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Pins the local database to `core`; answers how to undo it (or null and why not). Needs taskset
 * and the right to change the database's processes (root, or the same user).
 */
export async function pinDatabase(databaseUrl: string, taskset: string, core: number): Promise<{ release: () => void; label: string }> {
  const none = (why: string) => ({ release: () => undefined, label: `PostgreSQL not pinned (${why})` });
  const pm = await postmasterPid(databaseUrl).catch(() => null);
  if (!pm) return none('not on this machine');
  const set = (cores: string) => {
    for (const pid of [pm, ...childrenOf(pm)]) {
      try {
        execFileSync(taskset, ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });
      } catch {
        // A backend that exited meanwhile.
      }
    }
  };
  try {
    execFileSync(taskset, ['-p', '-c', String(core), String(pm)], { stdio: 'ignore' });
  } catch {
    return none('taskset was refused');
  }
  set(String(core));
  return { release: () => set(`0-${os.cpus().length - 1}`), label: `PostgreSQL pinned to core ${core}` };
}
