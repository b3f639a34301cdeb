import { getDb } from '@modules/shared/index.server';
import { markSeen } from '@modules/social/index.server';
import { seenBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/notification/seenUserNotifications {userNotificationIds}: seenAt set once, the caller's own only. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: seenBody,
  handler: async ({ body, auth }) => ({ seenCount: await markSeen(getDb(), auth.user.userId, body.userNotificationIds) }),
});
