import { getDb } from '@modules/shared/index.server';
import { requestDataExport } from '@modules/admin/index.server';
import { requestDataExportBody } from '@modules/admin/schemas';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/user/requestDataExport [{userId}] -> {exportId}: starts "Download my data" for the caller
 * (a product admin may name anyone: audit logged). Follow it with /api/user/getDataExport.
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: requestDataExportBody,
  handler: async ({ body, auth }) => {
    const found = await requestDataExport(getDb(), auth.user, body.userId ?? auth.user.userId);
    return { exportId: found.exportId };
  },
});
