import { getDb } from '@modules/shared/index.server';
import { removeTeamUser, teamSchemas } from '@modules/admin/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/removeTeamUser {teamUserId}: removes the member from the team (the account stays). Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: teamSchemas.apiTeamUserId,
  handler: ({ body, auth }) => removeTeamUser(getDb(), auth.user.userId, { teamUserId: body.teamUserId }),
});
