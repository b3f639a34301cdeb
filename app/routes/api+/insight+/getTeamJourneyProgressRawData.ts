import { getDb } from '@modules/shared/index.server';
import { getTeamJourneyProgressRawData, requireTeamInsights } from '@modules/journeys/index.server';
import { teamIdBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/insight/getTeamJourneyProgressRawData {teamId} → users, userJourneys. Organisation admins of the team's organisation, product admins. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: teamIdBody,
  handler: async ({ body, auth }) => {
    const team = await requireTeamInsights(getDb(), auth.user, body.teamId);
    return getTeamJourneyProgressRawData(getDb(), team.teamId);
  },
});
