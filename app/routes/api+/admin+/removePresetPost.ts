import { presetSchemas, removePresetPost } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/removePresetPost {presetPostId}. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: presetSchemas.presetPostId,
  handler: async ({ body, auth }) => removePresetPost(getDb(), auth.user.userId, body.presetPostId),
});
