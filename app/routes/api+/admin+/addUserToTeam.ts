import { getDb } from '@modules/shared/index.server';
import { addUserToTeam, teamSchemas } from '@modules/admin/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/addUserToTeam {email, teamId, isAdmin}: the team user. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: teamSchemas.apiAddUserToTeam,
  handler: ({ body, auth }) => addUserToTeam(getDb(), auth.user.userId, body),
});
