import { DEFAULT_PRESET_ID, DEFAULT_TIME_ZONE, createTeamWithPreset, peopleSchemas } from '@modules/admin/index.server';
import { todayDay } from '@modules/journeys/index.server';
import { jobScheduler } from '@modules/social/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/admin/createTeam {teamName, organisationId, presetId?, startDate?, timeZone?}: a new team
 * in the organisation with the preset (default preset 1) applied from the start date (default today);
 * answers { teamId }. Product admins only (decision 253).
 */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: peopleSchemas.apiCreateTeam,
  handler: async ({ body, auth }) => {
    const { teamId } = await createTeamWithPreset(
      getDb(),
      auth.user,
      {
        organisationId: body.organisationId,
        teamName: body.teamName,
        presetId: body.presetId ?? DEFAULT_PRESET_ID,
        startDate: body.startDate ?? todayDay(),
        timeZone: body.timeZone ?? DEFAULT_TIME_ZONE,
      },
      jobScheduler,
    );
    return { teamId };
  },
});
