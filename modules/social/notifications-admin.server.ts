import { sql } from 'kysely';
import { z } from 'zod';
import { defineList, DomainError, type Db } from '@modules/shared/index.server';
import { idSchema, optionalString, requiredString } from '@modules/shared/validation';
import { NotificationType, type NotificationTypeValue } from './notifications.server';
import { countAudience, createFanOutNotification, startFanOut, type FanOutAudience } from './notification-fan-out.server';

/**
 * The admin console's notification list and editor (admin-console s.2: "routes exist; screens not
 * shown", decision 128): every notification sent, newest first, with how many people received and
 * saw it; a product admin sends an announcement (a General notification) to everyone, one
 * organisation or one team, and corrects the wording of one already sent.
 */
export const NOTIFICATION_TYPE_LABEL: Record<NotificationTypeValue, string> = {
  [NotificationType.General]: 'Announcement',
  [NotificationType.Welcome]: 'Welcome',
  [NotificationType.Journey]: 'Journey',
  [NotificationType.Post]: 'Post',
  [NotificationType.PostComment]: 'Comment',
  [NotificationType.PostLike]: 'Like',
};

export const NOTIFICATION_NOT_FOUND = 'That notification was not found.';
export const NO_RECIPIENTS = 'Nobody would receive this notification: check the organisation or team id.';
export const LINK_MESSAGE = 'Enter a link on this site (starting with /) or an https:// address';

/** A link a notification may carry: a path on this site, or an https address (never javascript: or //host). */
const link = optionalString(500, LINK_MESSAGE).refine((v) => v === undefined || (/^\/(?![/\\])/.test(v) && !/\s/.test(v)) || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v), {
  error: LINK_MESSAGE,
});

const text = {
  title: requiredString({ max: 250, message: 'Enter a title (max 250 characters)' }),
  message: optionalString(2000, 'Message too long (max 2,000 characters)').transform((v) => v ?? ''),
  link,
};

export const notificationSchemas = {
  edit: z.object(text),
  send: z
    .object({
      ...text,
      audience: z.enum(['everyone', 'organisation', 'team'], { error: 'Choose who receives it' }),
      audienceId: idSchema.optional(),
    })
    .refine((v) => v.audience === 'everyone' || v.audienceId !== undefined, { error: 'Enter the organisation or team id', path: ['audienceId'] }),
};
export type NotificationText = z.output<typeof notificationSchemas.edit>;
export type Announcement = z.output<typeof notificationSchemas.send>;

export const notificationsList = defineList({
  sorts: { created: 'notifications.created_at', id: 'notifications.id', title: 'notifications.title' },
  defaultSort: 'created',
  defaultDir: 'desc',
  tieBreak: 'notifications.id',
  search: ['notifications.title', 'notifications.message'],
  pageSize: 25,
});
export type NotificationsQuery = ReturnType<typeof notificationsList.parse>;

export interface AdminNotification {
  notificationId: number;
  createdAt: Date;
  type: number;
  typeLabel: string;
  title: string;
  message: string;
  link: string | null;
  recipientCount: number;
  seenCount: number;
}

function selectAdminNotifications(db: Db) {
  return (
    db
      .selectFrom('notifications')
      .select(['notifications.id', 'notifications.created_at', 'notifications.type', 'notifications.title', 'notifications.message', 'notifications.link'])
      // Both counts on user_notifications_notification_idx: a page of 25 rows, not a query per row.
      .select(sql<number>`(select count(*)::int from user_notifications un where un.notification_id = notifications.id)`.as('recipients'))
      .select(sql<number>`(select count(*)::int from user_notifications un where un.notification_id = notifications.id and un.seen_at is not null)`.as('seen'))
  );
}

type Row = { id: number; created_at: Date; type: number; title: string; message: string; link: string | null; recipients: number; seen: number };
const toView = (r: Row): AdminNotification => ({
  notificationId: r.id,
  createdAt: r.created_at,
  type: r.type,
  typeLabel: NOTIFICATION_TYPE_LABEL[r.type as NotificationTypeValue] ?? 'Other',
  title: r.title,
  message: r.message,
  link: r.link,
  recipientCount: r.recipients,
  seenCount: r.seen,
});

export async function listNotificationsForAdmin(db: Db, query: NotificationsQuery) {
  const page = await notificationsList.run(selectAdminNotifications(db), query);
  return { ...page, rows: (page.rows as Row[]).map(toView) };
}

export async function getNotificationForAdmin(db: Db, notificationId: number): Promise<AdminNotification> {
  const row = await selectAdminNotifications(db).where('notifications.id', '=', notificationId).executeTakeFirst();
  if (!row) throw new DomainError('not_found', NOTIFICATION_NOT_FOUND);
  return toView(row as Row);
}

/** Corrects a sent notification's wording: every recipient sees the new text. */
export async function updateNotificationText(db: Db, notificationId: number, input: NotificationText) {
  const result = await db
    .updateTable('notifications')
    .set({ title: input.title, message: input.message, link: input.link ?? null })
    .where('id', '=', notificationId)
    .executeTakeFirst();
  if (!Number(result.numUpdatedRows)) throw new DomainError('not_found', NOTIFICATION_NOT_FOUND);
}

/**
 * Sends an announcement to its audience (unlocked users only): one notification row with its
 * audience; the notification-fan-out job delivers it in batches (decision 258).
 */
export async function sendAnnouncement(db: Db, input: Announcement): Promise<{ notificationId: number; recipientCount: number }> {
  const audience: FanOutAudience =
    input.audience === 'organisation'
      ? { kind: 'organisation', id: input.audienceId!, unlockedOnly: true }
      : input.audience === 'team'
        ? { kind: 'team', id: input.audienceId!, unlockedOnly: true }
        : { kind: 'everyone', unlockedOnly: true };
  const recipientCount = await countAudience(db, audience);
  if (!recipientCount) throw new DomainError('invalid', NO_RECIPIENTS);
  const notificationId = await createFanOutNotification(db, audience, { type: NotificationType.General, title: input.title, message: input.message, link: input.link ?? null });
  await startFanOut(notificationId);
  return { notificationId, recipientCount };
}
