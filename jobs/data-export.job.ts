import { z } from 'zod';
import { defineJob, getDb, idNumber } from '@modules/shared/index.server';
import { markDataExportFailed, runDataExport } from '@modules/admin/index.server';

const schema = z.object({ exportId: idNumber });

declare module '@modules/shared/queue.server' {
  interface JobPayloads {
    'data-export': z.input<typeof schema>;
  }
}

export const DATA_EXPORT_ATTEMPTS = 3;

/**
 * "Download my data" (issue 27 s.2, decision 265): streams the person's ZIP into blob storage, with
 * its progress on the export row (the page reads it) and the job, then emails whoever asked.
 * Idempotent: a ready export is left alone, and the email's message key is the export.
 */
export const dataExportJob = defineJob({
  name: 'data-export',
  queue: 'imports',
  schema,
  attempts: DATA_EXPORT_ATTEMPTS,
  process: async ({ exportId }, ctx) => {
    try {
      await runDataExport(getDb(), exportId, ctx ? (p) => ctx.updateProgress(p) : undefined);
    } catch (error) {
      if (!ctx || ctx.attempt >= DATA_EXPORT_ATTEMPTS) await markDataExportFailed(getDb(), exportId);
      throw error;
    }
  },
});
