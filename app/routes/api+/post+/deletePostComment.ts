import { getDb } from '@modules/shared/index.server';
import { deletePostComment } from '@modules/social/index.server';
import { commentIdBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/post/deletePostComment {postCommentId}: its author or a moderator of the post. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: commentIdBody,
  handler: async ({ body, auth }) => {
    await deletePostComment(getDb(), auth.user, body.postCommentId);
    return { postCommentId: body.postCommentId };
  },
});
