/**
 * npm run users:import -- <team-id> <file.csv>
 * Imports a CSV of users into a team through the same preview and csv-import job as the admin
 * console (modules/admin/csv-import.server.ts): with REDIS_URL the worker runs the job and this
 * script follows its progress; without it the job runs in this process. Re-running the same file
 * creates no duplicates. Exit code 0 when the import finished, 1 when it failed, 2 for bad arguments.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { confirmImport, createImportPreview, getImport, IMPORT_MAX_BYTES, PREVIEW_LABELS, type ImportPreviewStatus } from '@modules/admin/index.server';
import { getDb, init, isDomainError, shutdown } from '@modules/shared/index.server';
import { registerAllJobs } from '../jobs/registry';

type Out = { log: (line: string) => void; error: (line: string) => void };

const USAGE = 'Usage: npm run users:import -- <team-id> <file.csv>';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runUsersImport(argv: string[], out: Out = console, opts: { pollMs?: number } = {}): Promise<number> {
  const [teamArg, fileArg] = argv;
  const teamId = Number(teamArg);
  if (!teamArg || !/^\d{1,9}$/.test(teamArg) || !Number.isSafeInteger(teamId) || teamId < 1 || !fileArg) {
    out.error(USAGE);
    return 2;
  }
  const file = path.resolve(fileArg);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    out.error(`No such file: ${file}`);
    return 2;
  }
  if (info.size > IMPORT_MAX_BYTES) {
    out.error(`The file is too large (at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB).`);
    return 2;
  }
  // At most IMPORT_MAX_BYTES (5 MB): read whole, so nothing is left open when the team is refused.
  const bytes = await readFile(file);
  const source = (async function* () {
    yield bytes;
  })();
  let importId: number;
  try {
    importId = await createImportPreview(getDb(), null, { teamId, fileName: path.basename(file), source });
  } catch (error) {
    if (isDomainError(error)) {
      out.error(error.message);
      return 1;
    }
    throw error;
  }
  const preview = await getImport(getDb(), importId);
  if (!preview || preview.status === 'failed') {
    out.error(preview?.error ?? 'The file could not be read.');
    return 1;
  }
  out.log(`Import ${importId} of ${preview.fileName} into team ${teamId}: ${preview.totalRows} rows`);
  for (const [status, n] of Object.entries(preview.preview)) if (n) out.log(`  ${PREVIEW_LABELS[status as ImportPreviewStatus]}: ${n}`);
  await confirmImport(getDb(), null, importId);
  let last = -1;
  for (;;) {
    const now = await getImport(getDb(), importId);
    if (!now) return 1;
    if (now.processedRows !== last) {
      last = now.processedRows;
      out.log(`  progress: ${now.processedRows} / ${now.totalRows}`);
    }
    if (now.status === 'done') {
      out.log(`Done: ${now.created} created, ${now.added} added, ${now.skipped} skipped, ${now.errors} errors`);
      return 0;
    }
    if (now.status === 'failed') {
      out.error(`The import failed: ${now.error ?? 'unknown error'}`);
      return 1;
    }
    await sleep(opts.pollMs ?? 500);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  registerAllJobs();
  await init();
  let code = 1;
  try {
    code = await runUsersImport(process.argv.slice(2));
  } finally {
    await shutdown();
  }
  process.exit(code);
}
