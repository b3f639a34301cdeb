import { presetSchemas, updatePreset } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/updatePreset {preset: {presetId, name, description}}. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: presetSchemas.update,
  handler: async ({ body, auth }) => updatePreset(getDb(), auth.user.userId, body.preset),
});
