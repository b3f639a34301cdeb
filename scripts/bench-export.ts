/**
 * `npm run bench:export`: "Download my data" for a heavy learner (issue 27 s.2). In this process, on a
 * scratch database (a new one beside DATABASE_URL when it is set, else the embedded PGlite in a
 * temporary DATA_DIR), with jobs in-process (no Redis):
 *
 *  - makes a learner with 200 activities (2 tasks, 2 answers each), 1,000 posts, 1,000 comments,
 *    300 likes and 50 uploaded files (tests/support/heavy-learner.ts; --file-kb sets their size);
 *  - asks for their export and times it from the request to the ready row (the job streams the ZIP
 *    into blob storage), sampling the process RSS and heap every 20 ms;
 *  - prints the time, the ZIP's size, and the RSS and heap before, at their peak and after.
 *
 * Target: under 10 s, with memory flat: the peak grows by far less than the ZIP's size.
 *
 *   npm run bench:export
 *   npx tsx scripts/bench-export.ts --file-kb 2000 --runs 3
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { createScratchDatabase } from './lib/server-process';

const { values } = parseArgs({ options: { 'file-kb': { type: 'string', default: '1000' }, runs: { type: 'string', default: '3' } } });
const fileKb = Number(values['file-kb']);
const runs = Number(values.runs);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leda-bench-export-'));
process.env.DATA_DIR = dataDir;
delete process.env.REDIS_URL;
process.env.LOG_LEVEL ??= 'warn';
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
if (process.env.DATABASE_URL) {
  scratch = await createScratchDatabase(process.env.DATABASE_URL, `leda_bench_export_${randomBytes(4).toString('hex')}`);
  process.env.DATABASE_URL = scratch.url;
}

const { init, shutdown, getDb, dbKind, drainInProcessJobs } = await import('@modules/shared/index.server');
const { registerAllJobs } = await import('../jobs/registry');
const { getCurrentUser } = await import('@modules/identity/index.server');
const { requestDataExport, getDataExport } = await import('@modules/admin/index.server');
const { makeHeavyLearner, HEAVY } = await import('../tests/support/heavy-learner');

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

try {
  await init({ migrate: true });
  registerAllJobs();
  const size = { ...HEAVY, fileBytes: fileKb * 1024 };
  const t0 = performance.now();
  const learner = await makeHeavyLearner(size);
  console.log(`database: ${dbKind()}; heavy learner made in ${((performance.now() - t0) / 1000).toFixed(1)} s:`, { ...size, fileBytes: undefined, fileKb });
  const user = (await getCurrentUser(getDb(), learner.userId))!;
  for (let run = 1; run <= runs; run++) {
    globalThis.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 20);
    const start = performance.now();
    const { exportId } = await requestDataExport(getDb(), user, learner.userId);
    await drainInProcessJobs();
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    const after = process.memoryUsage();
    const done = await getDataExport(getDb(), user, exportId);
    if (done.status !== 'ready') throw new Error(`export ${exportId} ended ${done.status}: ${done.error}`);
    console.log(
      `run ${run}: ${seconds.toFixed(2)} s; ZIP ${mb(done.byteSize ?? 0)}; RSS ${mb(before.rss)} -> peak ${mb(peakRss)} (+${mb(peakRss - before.rss)}) -> ${mb(after.rss)}; heap ${mb(before.heapUsed)} -> peak ${mb(peakHeap)} (+${mb(peakHeap - before.heapUsed)})`,
    );
  }
} finally {
  await shutdown();
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
