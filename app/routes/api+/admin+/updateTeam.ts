import { getDb } from '@modules/shared/index.server';
import { parseTeamJourneys, teamSchemas, updateTeam } from '@modules/admin/index.server';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/admin/updateTeam {team} (or the team itself): the General fields (name, description as
 * sanitised HTML, isDisabled, featuredStoryId) and, when sent, teamJourneys (the whole schedule, temporary ids as
 * null); answers the saved team. Everything is saved in ONE transaction: a schedule that fails
 * leaves the general fields as they were too (decisions 212, 227).
 */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: teamSchemas.apiUpdateTeam,
  handler: async ({ body, auth }) => {
    const { teamId, name, description, isDisabled, featuredStoryId } = body;
    // A malformed schedule is a 400 before anything is read or written.
    const teamJourneys = body.teamJourneys === undefined ? undefined : parseTeamJourneys(body.teamJourneys);
    return updateTeam(getDb(), auth.user.userId, { teamId, name, description, isDisabled, featuredStoryId, teamJourneys });
  },
});
