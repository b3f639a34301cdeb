import { getDb } from '@modules/shared/index.server';
import { listFeed, teamScope } from '@modules/social/index.server';
import { feedBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/post/getFeedPostsByTeamId {teamId, offset, limit}: the team feed page (pinned first, then newest). */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: feedBody,
  handler: async ({ body, auth }) => listFeed(getDb(), auth.user, await teamScope(getDb(), body.teamId), { offset: body.offset, limit: body.limit }),
});
