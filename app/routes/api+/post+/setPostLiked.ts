import { getDb } from '@modules/shared/index.server';
import { setPostLiked } from '@modules/social/index.server';
import { setLikedBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/post/setPostLiked {postId, isLiked}: whoever sees a non-global post. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: setLikedBody,
  handler: async ({ body, auth }) => {
    await setPostLiked(getDb(), auth.user, body.postId, body.isLiked);
    return { postId: body.postId, isLiked: body.isLiked };
  },
});
