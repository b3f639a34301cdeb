import type { Db } from '@modules/shared/index.server';
import { getNotificationForAdmin, sendAnnouncement, updateNotificationText, type Announcement, type NotificationText } from '@modules/social/index.server';
import { recordAudit } from './audit.server';

/**
 * The admin notification screens' use cases (decision 128): each change and its audit entry land in
 * one transaction.
 */
export async function sendAdminAnnouncement(db: Db, actorId: number, input: Announcement) {
  return db.transaction().execute(async (trx) => {
    const sent = await sendAnnouncement(trx, input);
    await recordAudit(trx, { actorId, action: 'notification.send', entity: 'notification', entityId: sent.notificationId, after: { ...input, recipientCount: sent.recipientCount } });
    return sent;
  });
}

export async function editNotification(db: Db, actorId: number, notificationId: number, input: NotificationText) {
  await db.transaction().execute(async (trx) => {
    const before = await getNotificationForAdmin(trx, notificationId);
    await updateNotificationText(trx, notificationId, input);
    await recordAudit(trx, {
      actorId,
      action: 'notification.edit',
      entity: 'notification',
      entityId: notificationId,
      before: { title: before.title, message: before.message, link: before.link },
      after: input,
    });
  });
}
