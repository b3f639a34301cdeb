import { z } from 'zod';
import { activityInputSchema, saveActivity } from '@modules/activities/index.server';
import { recordAudit } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiError, apiRoute } from '~/utils/api.server';

/**
 * POST /api/admin/saveActivity {activity}: creates (activityId null) or replaces an activity; answers
 * the saved activity. Product admins only. Every error names where it is
 * ('activity.activityTasks.0.activityTaskFields.2.min: A date as YYYY-MM-DD').
 */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: z.object({ activity: z.record(z.string(), z.unknown(), { error: 'activity: Expected an object' }) }),
  handler: async ({ body, auth }) => {
    const parsed = activityInputSchema.safeParse(body.activity);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return apiError(400, `${['activity', ...issue.path.map(String)].join('.')}: ${issue.message.startsWith('Invalid input') ? 'Expected a different value' : issue.message}`);
    }
    return saveActivity(getDb(), parsed.data, (trx, activityId, created) =>
      recordAudit(trx, { actorId: auth.user.userId, action: created ? 'activity.create' : 'activity.save', entity: 'activity', entityId: activityId, after: parsed.data }),
    );
  },
});
