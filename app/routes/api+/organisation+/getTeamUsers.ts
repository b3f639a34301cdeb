import { getDb } from '@modules/shared/index.server';
import { listTeamUsers, teamScope } from '@modules/social/index.server';
import { teamIdBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/organisation/getTeamUsers {teamId}: the team's users sorted by full name (members and its administrators). */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: teamIdBody,
  handler: async ({ body, auth }) => listTeamUsers(getDb(), auth.user, await teamScope(getDb(), body.teamId)),
});
