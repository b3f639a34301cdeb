import { getDb } from '@modules/shared/index.server';
import { getTeamById, teamSchemas } from '@modules/admin/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/getTeamById {teamId, includeUsers}: the team with teamJourneys and featuredStoryId (and teamUsers when asked). Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: teamSchemas.apiGetTeamById,
  handler: ({ body }) => getTeamById(getDb(), body.teamId, { includeUsers: body.includeUsers }),
});
