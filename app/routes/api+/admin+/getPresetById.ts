import { getPresetById, presetSchemas } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/getPresetById {presetId}: the preset with its journeys and posts. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: presetSchemas.presetId,
  handler: async ({ body }) => getPresetById(getDb(), body.presetId),
});
