import { getDb } from '@modules/shared/index.server';
import { listTeamPosts, teamScope } from '@modules/social/index.server';
import { teamIdBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/post/getAllPostsByTeamId {teamId}: every post of the team incl. scheduled ones (who may administer it). */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: teamIdBody,
  handler: async ({ body, auth }) => listTeamPosts(getDb(), auth.user, await teamScope(getDb(), body.teamId)),
});
