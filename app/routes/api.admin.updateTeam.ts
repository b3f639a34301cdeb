import { getDb } from '@modules/shared/index.server';
import { parseTeamJourneys, saveTeamJourneys, teamSchemas, updateTeamGeneral } from '@modules/admin/index.server';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/admin/updateTeam {team} (or the team itself): the General fields (name, description as
 * sanitised HTML, isDisabled); answers the saved team. The schedule part (teamJourneys) belongs to the
 * journeys module (decision 212).
 */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: teamSchemas.apiUpdateTeam,
  handler: async ({ body, auth }) => {
    const { teamId, name, description, isDisabled } = body;
    // The schedule is checked before anything is saved, then saved whole in one transaction (H7).
    const teamJourneys = body.teamJourneys === undefined ? undefined : parseTeamJourneys(body.teamJourneys);
    const team = await updateTeamGeneral(getDb(), auth.user.userId, { teamId, name, description, isDisabled });
    if (!teamJourneys) return team;
    return { ...team, teamJourneys: await saveTeamJourneys(getDb(), auth.user.userId, teamId, teamJourneys) };
  },
});
