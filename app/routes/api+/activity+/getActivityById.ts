import { getActivityById } from '@modules/activities/index.server';
import { activityIdBody } from '@modules/activities/schemas';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/activity/getActivityById {activityId}: the activity with its tasks, fields and skills (404 when unknown). */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: activityIdBody,
  handler: ({ body }) => getActivityById(getDb(), body.activityId),
});
