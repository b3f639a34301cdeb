import { z } from 'zod';
import { getDb } from '@modules/shared/index.server';
import { getTeamVisitDates, RETENTION_WEEK_CHOICES } from '@modules/admin/index.server';
import { requireTeamInsights } from '@modules/journeys/index.server';
import { teamIdBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

const body = teamIdBody.extend({ weeks: z.number().int().min(1).max(Math.max(...RETENTION_WEEK_CHOICES)).optional() });

/**
 * POST /api/insight/getTeamRetentionRawData {teamId, weeks?} → visitDates: the days (UTC) on which
 * the team's members visited the app over the last `weeks` weeks (default 12, at most 52), each with
 * how many visited. Organisation admins of the team's organisation, product admins.
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: body,
  handler: async ({ body: b, auth }) => {
    const team = await requireTeamInsights(getDb(), auth.user, b.teamId);
    return { visitDates: await getTeamVisitDates(getDb(), team.teamId, { weeks: b.weeks }) };
  },
});
