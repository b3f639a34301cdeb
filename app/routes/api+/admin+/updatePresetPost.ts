import { DomainError, getDb } from '@modules/shared/index.server';
import { presetSchemas, savePresetPost } from '@modules/admin/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/updatePresetPost {post (with presetPostId), presetId}. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: presetSchemas.post,
  handler: async ({ body, auth }) => {
    if (!body.post.presetPostId) throw new DomainError('invalid', 'post.presetPostId: This field is required');
    return savePresetPost(getDb(), auth.user.userId, body);
  },
});
