import { getDb } from '@modules/shared/index.server';
import { pollNotifications } from '@modules/social/index.server';
import { pollBody } from '@modules/social/schemas';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/notification/getRecentUserNotifications {latestUserNotificationId?}: the poll, at most
 * 2 queries. Passing the newest id already held answers { changed: false } after one query.
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: pollBody,
  handler: async ({ body, auth }) => pollNotifications(getDb(), auth.user.userId, body.latestUserNotificationId),
});
