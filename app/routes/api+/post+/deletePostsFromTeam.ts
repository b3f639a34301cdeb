import { getDb } from '@modules/shared/index.server';
import { deletePostsFromTeam, jobScheduler, teamScope } from '@modules/social/index.server';
import { teamIdBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/post/deletePostsFromTeam {teamId}: deletes every post of the team (who may administer it). */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: teamIdBody,
  handler: async ({ body, auth }) => ({
    deletedCount: await deletePostsFromTeam(getDb(), auth.user, await teamScope(getDb(), body.teamId), jobScheduler),
  }),
});
