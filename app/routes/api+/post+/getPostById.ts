import { getDb } from '@modules/shared/index.server';
import { getPost } from '@modules/social/index.server';
import { postIdBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/post/getPostById {postId}: one post the caller may see (404 'This post is no longer availble.'). */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: postIdBody,
  handler: async ({ body, auth }) => getPost(getDb(), auth.user, body.postId),
});
