import { addMyActivity } from '@modules/activities/index.server';
import { addMyActivityBody } from '@modules/activities/schemas';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/myActivity/addMyActivity {activityId, journeyStepId}: a new copy at the top of the caller's list. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: addMyActivityBody,
  handler: ({ body, auth }) => addMyActivity(getDb(), auth.user.userId, body),
});
