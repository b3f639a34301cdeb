import { getDb } from '@modules/shared/index.server';
import { teamSchemas, toggleTeamUserAdmin } from '@modules/admin/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/toggleTeamUserAdmin {teamUserId}: flips the team admin flag. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: teamSchemas.apiTeamUserId,
  handler: ({ body, auth }) => toggleTeamUserAdmin(getDb(), auth.user.userId, { teamUserId: body.teamUserId }),
});
