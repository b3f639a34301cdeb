import { createPreset, presetSchemas } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/createPreset {name, description}: answers { presetId, name, description }. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: presetSchemas.create,
  handler: async ({ body, auth }) => createPreset(getDb(), auth.user.userId, body),
});
