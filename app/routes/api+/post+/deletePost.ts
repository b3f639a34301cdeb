import { getDb } from '@modules/shared/index.server';
import { deletePost, jobScheduler } from '@modules/social/index.server';
import { postIdBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/post/deletePost {postId}: moderators only; its publish job is cancelled. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: postIdBody,
  handler: async ({ body, auth }) => {
    await deletePost(getDb(), auth.user, body.postId, jobScheduler);
    return { postId: body.postId };
  },
});
