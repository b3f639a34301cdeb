import { listMyActivities, loadMyActivities } from '@modules/activities/index.server';
import { activityIdBody } from '@modules/activities/schemas';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/myActivity/getCompletedMyActivitiesByActivityId {activityId}: the caller's completed copies of that activity, with answers. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: activityIdBody,
  handler: async ({ body, auth }) => {
    const copies = await listMyActivities(getDb(), auth.user.userId, { completed: true, sourceActivityId: body.activityId });
    return loadMyActivities(getDb(), auth.user.userId, copies.map((c) => c.myActivityId));
  },
});
