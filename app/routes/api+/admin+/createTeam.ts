import { createTeamInOrganisation, peopleSchemas } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/createTeam: a new team in the organisation; answers { teamId }. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: peopleSchemas.apiCreateTeam,
  handler: async ({ body, auth }) => ({ teamId: await createTeamInOrganisation(getDb(), auth.user.userId, body) }),
});
