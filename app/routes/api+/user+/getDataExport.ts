import { getDb, loadEnv } from '@modules/shared/index.server';
import { getDataExport } from '@modules/admin/index.server';
import { dataExportIdBody } from '@modules/admin/schemas';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/user/getDataExport {exportId} -> {status, progress, downloadUrl}: status is queued,
 * running, ready, failed or expired; downloadUrl (ready only) needs the person's session. Another
 * person's export is 'Export not found.' (404).
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: dataExportIdBody,
  handler: async ({ body, auth }) => {
    const found = await getDataExport(getDb(), auth.user, body.exportId);
    return {
      exportId: found.exportId,
      status: found.status,
      progress: found.progress,
      downloadUrl: found.downloadPath ? `${loadEnv().PUBLIC_URL}${found.downloadPath}` : null,
      expiresAt: found.expiresAt,
    };
  },
});
