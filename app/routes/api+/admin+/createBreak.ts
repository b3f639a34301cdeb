import { createTeamBreak, presetSchemas } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/createBreak {teamId, breakName}: a break appended to the team's schedule; answers { id }. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: presetSchemas.createBreak,
  handler: async ({ body, auth }) => createTeamBreak(getDb(), auth.user.userId, body.teamId, body.breakName ?? ''),
});
