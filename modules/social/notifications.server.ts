import { sql, type Kysely } from 'kysely';
import type { Database } from '@modules/shared/db/database';

/** NotificationType of learner-app section 3. */
export const NotificationType = { General: 1, Welcome: 2, Journey: 3, Post: 4, PostComment: 5, PostLike: 6 } as const;
export type NotificationTypeValue = (typeof NotificationType)[keyof typeof NotificationType];

/** A user notification in the spec's shape. */
export interface UserNotification {
  userNotificationId: number;
  createdAt: string;
  seenAt: string | null;
  actionedAt: string | null;
  notification: {
    type: number;
    title: string;
    message: string;
    link: string | null;
    journeyId: number | null;
    postId: number | null;
  };
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The notifications counter: the user's notifications not yet seen (one indexed count). */
export async function countUnseen(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_notifications')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .where('seen_at', 'is', null)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** The user's newest notifications, newest first (one query with the join). */
export async function listRecent(db: Kysely<Database>, userId: number, limit = 50): Promise<UserNotification[]> {
  const rows = await db
    .selectFrom('user_notifications as un')
    .innerJoin('notifications as n', 'n.id', 'un.notification_id')
    .select([
      'un.id',
      'un.created_at',
      'un.seen_at',
      'un.actioned_at',
      'n.type',
      'n.title',
      'n.message',
      'n.link',
      'n.journey_id',
      'n.post_id',
    ])
    .where('un.user_id', '=', userId)
    .orderBy('un.created_at', 'desc')
    .orderBy('un.id', 'desc')
    .limit(Math.min(Math.max(limit, 1), 200))
    .execute();
  return rows.map((r) => ({
    userNotificationId: r.id,
    createdAt: iso(r.created_at)!,
    seenAt: iso(r.seen_at),
    actionedAt: iso(r.actioned_at),
    notification: {
      type: r.type,
      title: r.title,
      message: r.message,
      link: r.link,
      journeyId: r.journey_id,
      postId: r.post_id,
    },
  }));
}

/** Marks every unseen notification of the user as seen (seenAt is set once); returns how many. */
export async function markAllSeen(db: Kysely<Database>, userId: number, at = new Date()): Promise<number> {
  const result = await db
    .updateTable('user_notifications')
    .set({ seen_at: at })
    .where('user_id', '=', userId)
    .where('seen_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sends one notification to several users: one notification row, one insert for the recipients. */
export async function notifyUsers(
  db: Kysely<Database>,
  userIds: number[],
  input: { type: NotificationTypeValue; title: string; message?: string; link?: string | null; journeyId?: number | null; postId?: number | null },
): Promise<number> {
  const { id } = await db
    .insertInto('notifications')
    .values({
      type: input.type,
      title: input.title,
      message: input.message ?? '',
      link: input.link ?? null,
      journey_id: input.journeyId ?? null,
      post_id: input.postId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const recipients = [...new Set(userIds)];
  if (recipients.length) {
    await db
      .insertInto('user_notifications')
      .values(recipients.map((userId) => ({ user_id: userId, notification_id: id })))
      .execute();
  }
  return id;
}
