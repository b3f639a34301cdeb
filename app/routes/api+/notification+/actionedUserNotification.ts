import { getDb } from '@modules/shared/index.server';
import { markActioned } from '@modules/social/index.server';
import { actionedBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/notification/actionedUserNotification {userNotificationId}: actionedAt set once; answers the link. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: actionedBody,
  handler: async ({ body, auth }) => markActioned(getDb(), auth.user.userId, body.userNotificationId),
});
