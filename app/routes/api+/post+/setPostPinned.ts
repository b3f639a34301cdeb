import { getDb } from '@modules/shared/index.server';
import { setPostPinned } from '@modules/social/index.server';
import { setPinnedBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/post/setPostPinned {postId, isPinned}: moderators only. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: setPinnedBody,
  handler: async ({ body, auth }) => {
    await setPostPinned(getDb(), auth.user, body.postId, body.isPinned);
    return { postId: body.postId, isPinned: body.isPinned };
  },
});
