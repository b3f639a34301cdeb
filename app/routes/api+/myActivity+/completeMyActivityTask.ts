import { completeMyActivityTask } from '@modules/activities/index.server';
import { completeTaskBody } from '@modules/activities/schemas';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/myActivity/completeMyActivityTask {myActivityId, myActivityTaskId}: completes the task (in
 * order; 409 otherwise). Answers the my activity, and completedUserJourneyId / completedJourneyId
 * when completing it completed a journey (null otherwise; the journeys module answers them).
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: completeTaskBody,
  handler: async ({ body, auth }) => {
    const r = await completeMyActivityTask(getDb(), auth.user.userId, body);
    return { myActivity: r.myActivity, completedUserJourneyId: r.completedUserJourneyId ?? null, completedJourneyId: r.completedJourneyId ?? null };
  },
});
