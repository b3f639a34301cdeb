import { getDb } from '@modules/shared/index.server';
import { listPosts } from '@modules/social/index.server';
import { getPostsBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/post/getPosts {offset, limit}: posted posts across the caller's reach (global, organisation, teams). */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: getPostsBody,
  handler: async ({ body, auth }) => listPosts(getDb(), auth.user, { offset: body.offset, limit: body.limit }),
});
