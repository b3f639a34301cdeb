import { getDb } from '@modules/shared/index.server';
import { commentPost } from '@modules/social/index.server';
import { commentBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/post/commentPost {postId, commentText}: answers the comment. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: commentBody,
  handler: async ({ body, auth }) => commentPost(getDb(), auth.user, body.postId, body.commentText),
});
