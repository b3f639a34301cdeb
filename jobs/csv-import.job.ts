import { z } from 'zod';
import { defineJob, getDb, idNumber } from '@modules/shared/index.server';
import { markImportFailed, runImport } from '@modules/admin/index.server';

const schema = z.object({ importId: idNumber });

declare module '@modules/shared/queue.server' {
  interface JobPayloads {
    'csv-import': z.input<typeof schema>;
  }
}

export const CSV_IMPORT_ATTEMPTS = 5;

/**
 * Imports a confirmed CSV import into its team, in batches (modules/admin/csv-import-run.server.ts).
 * Idempotent: each row's result is its ledger, so a retry or a restart after a crash resumes where
 * the last committed batch stopped. Progress goes to the import row (the page reads it) and the job.
 */
export const csvImportJob = defineJob({
  name: 'csv-import',
  queue: 'imports',
  schema,
  attempts: CSV_IMPORT_ATTEMPTS,
  process: async ({ importId }, ctx) => {
    try {
      await runImport(getDb(), importId, ctx ? (p) => ctx.updateProgress(p) : undefined);
    } catch (error) {
      // The last try: the page says the import stopped (the rows done so far stay done).
      if (ctx && ctx.attempt >= CSV_IMPORT_ATTEMPTS) await markImportFailed(getDb(), importId, 'The import stopped. Please try again.');
      throw error;
    }
  },
});
