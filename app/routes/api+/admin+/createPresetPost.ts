import { presetSchemas, savePresetPost } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/createPresetPost {post, presetId}: text, scheduledIn (days), time HH:MM(:SS), isLedaOfficial, files. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: presetSchemas.post,
  handler: async ({ body, auth }) => savePresetPost(getDb(), auth.user.userId, { presetId: body.presetId, post: { ...body.post, presetPostId: null } }),
});
