import type { Db } from '@modules/shared/db/database';
import { pollNotifications } from './notifications.server';
import { ensureVersion, pollEtag } from './notification-version.server';

export { pollNotModified } from './notification-version.server';

/**
 * GET /api/notification/poll when the caller's ETag is missing or stale (decision 259): the
 * user's version is read (or made) FIRST, then the notifications, so a write landing in between
 * changes the version and the next poll reads again. `credential` is the session cookie or access
 * token that asked: the ETag is good only with it.
 */
export async function notificationPoll(db: Db, userId: number, credential: string) {
  const version = await ensureVersion(userId);
  const { latestUserNotificationId, unseenCount, userNotifications } = await pollNotifications(db, userId);
  return { etag: await pollEtag(credential, userId, version), body: { latestUserNotificationId, unseenCount, userNotifications: userNotifications ?? [] } };
}
