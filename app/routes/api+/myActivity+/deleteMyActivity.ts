import { deleteMyActivity } from '@modules/activities/index.server';
import { myActivityIdBody } from '@modules/activities/schemas';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/myActivity/deleteMyActivity {myActivityId}: deletes the caller's my activity (404 for anyone else's). */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: myActivityIdBody,
  handler: async ({ body, auth }) => {
    await deleteMyActivity(getDb(), auth.user.userId, body.myActivityId);
    return { myActivityId: body.myActivityId };
  },
});
