import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Db } from '@modules/shared/db/database';
import { DomainError } from '@modules/shared/errors';
import { bumpVersions } from './notification-version.server';

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

/** Post markdown (**bold**, __underline__, *italic*) read as plain text: the markers go, the words stay. */
export function stripPostMarkdown(text: string): string {
  return text
    .replace(/\*\*([^*\n]+)\*\*/g, '$1')
    .replace(/__([^_\n]+)__/g, '$1')
    .replace(/\*([^*\n]+)\*/g, '$1')
    .replace(/^\s*[-*]\s+/gm, '')
    .replace(/\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)/g, '$1');
}

/**
 * A notification's message from a post or comment: plain text on one line, cut at a word boundary
 * with an ellipsis when longer than `max` characters (issue 25 s.2).
 */
export function plainExcerpt(text: string, max = 200): string {
  const flat = stripPostMarkdown(text).replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  const words = space > max / 2 ? cut.slice(0, space) : cut;
  return `${words.replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** What a notification says and points at (the recipients are written separately). */
export type NotificationInput = { type: NotificationTypeValue; title: string; message?: string; link?: string | null; journeyId?: number | null; postId?: number | null; postCommentId?: number | null };

/** The notifications row for an input: the one mapping both direct notifications and fan-outs use. */
export const notificationRow = (input: NotificationInput) => ({
  type: input.type,
  title: input.title,
  message: input.message ?? '',
  link: input.link ?? null,
  journey_id: input.journeyId ?? null,
  post_id: input.postId ?? null,
  post_comment_id: input.postCommentId ?? null,
});

/** The notifications counter: the user's notifications not yet seen (one indexed count). */
export async function countUnseen(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => unseenCountOf(eb).as('count')).where('users.id', '=', userId).executeTakeFirst();
  return row?.count ?? 0;
}

/** countUnseen as a correlated subquery on "users", for the session's statement (issue 16). */
export function unseenCountOf(eb: ExpressionBuilder<Database, 'users'>) {
  return eb
    .selectFrom('user_notifications as un')
    .select(sql<number>`count(*)::int`.as('n'))
    .whereRef('un.user_id', '=', 'users.id')
    .where('un.seen_at', 'is', null)
    .$asScalar();
}

/** The user's newest notifications, newest first (one query with the join). */
export async function listRecent(db: Db, userId: number, limit = 50): Promise<UserNotification[]> {
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
      // Rows stored before the messages were plain text lose their markers here.
      message: r.type === 4 || r.type === 5 || r.type === 6 ? stripPostMarkdown(r.message) : r.message,
      link: r.link,
      journeyId: r.journey_id,
      postId: r.post_id,
    },
  }));
}

/** Marks every unseen notification of the user as seen (seenAt is set once); returns how many. */
export async function markAllSeen(db: Db, userId: number, at = new Date()): Promise<number> {
  const result = await db
    .updateTable('user_notifications')
    .set({ seen_at: at })
    .where('user_id', '=', userId)
    .where('seen_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows)) await bumpVersions([userId]);
  return Number(result.numUpdatedRows);
}

/** Deletes the notifications of these posts (their deliveries go with them); the recipients' polls read again. */
export async function deletePostNotifications(db: Db, postIds: number[]): Promise<void> {
  if (!postIds.length) return;
  const recipients = await db
    .selectFrom('user_notifications as un')
    .innerJoin('notifications as n', 'n.id', 'un.notification_id')
    .select('un.user_id')
    .distinct()
    .where('n.post_id', 'in', postIds)
    .execute();
  await db.deleteFrom('notifications').where('post_id', 'in', postIds).execute();
  await bumpVersions(recipients.map((r) => r.user_id));
}

/** At most this many rows in one insert (PostgreSQL allows 65,535 bind parameters; decision 258). */
export const DELIVERY_BATCH = 1000;

/**
 * Sends one notification to a few known users (a like, a comment, a welcome, a team's journey):
 * one notification row, the recipients in inserts of at most DELIVERY_BATCH rows. An audience
 * (a post, an announcement) goes through fanOutNotification instead, in a job.
 */
export async function notifyUsers(db: Db, userIds: number[], input: NotificationInput): Promise<number> {
  const { id } = await db
    .insertInto('notifications')
    .values(notificationRow(input))
    .returning('id')
    .executeTakeFirstOrThrow();
  const recipients = [...new Set(userIds)];
  for (let i = 0; i < recipients.length; i += DELIVERY_BATCH) {
    await db
      .insertInto('user_notifications')
      .values(recipients.slice(i, i + DELIVERY_BATCH).map((userId) => ({ user_id: userId, notification_id: id })))
      .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
      .execute();
  }
  // Inside a transaction the caller bumps again after its commit (a poll in between would label old rows).
  await bumpVersions(recipients);
  return id;
}

/**
 * The notification poll (every signed-in user, every 30 s): at most 2 queries. The first answers
 * the newest id and the unseen count from two indexes; when the caller already holds that newest id
 * ("nothing changed") it stops there, otherwise the second reads the list.
 */
export async function pollNotifications(
  db: Db,
  userId: number,
  knownLatestId?: number,
): Promise<{ changed: boolean; latestUserNotificationId: number; unseenCount: number; userNotifications?: UserNotification[] }> {
  const head = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('user_notifications').select(sql<number>`coalesce(max(id), 0)`.as('m')).where('user_id', '=', userId).as('latest'),
      eb
        .selectFrom('user_notifications')
        .select(sql<number>`count(*)::int`.as('c'))
        .where('user_id', '=', userId)
        .where('seen_at', 'is', null)
        .as('unseen'),
    ])
    .executeTakeFirstOrThrow();
  const latest = Number(head.latest ?? 0);
  const unseenCount = Number(head.unseen ?? 0);
  if (knownLatestId !== undefined && knownLatestId === latest) return { changed: false, latestUserNotificationId: latest, unseenCount };
  return { changed: true, latestUserNotificationId: latest, unseenCount, userNotifications: await listRecent(db, userId) };
}

/** Marks these notifications of the user as seen (seenAt set once; others' ids are ignored). */
export async function markSeen(db: Db, userId: number, userNotificationIds: number[], at = new Date()): Promise<number> {
  if (!userNotificationIds.length) return 0;
  const result = await db
    .updateTable('user_notifications')
    .set({ seen_at: at })
    .where('user_id', '=', userId)
    .where('id', 'in', userNotificationIds)
    .where('seen_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows)) await bumpVersions([userId]);
  return Number(result.numUpdatedRows);
}

/** Marks one notification actioned (actionedAt set once, seen too) and answers its link. */
export async function markActioned(db: Db, userId: number, userNotificationId: number, at = new Date()): Promise<{ link: string | null }> {
  await db
    .updateTable('user_notifications')
    .set((eb) => ({ actioned_at: eb.fn.coalesce('actioned_at', eb.val(at)), seen_at: eb.fn.coalesce('seen_at', eb.val(at)) }))
    .where('user_id', '=', userId)
    .where('id', '=', userNotificationId)
    .execute();
  await bumpVersions([userId]);
  const row = await db
    .selectFrom('user_notifications as un')
    .innerJoin('notifications as n', 'n.id', 'un.notification_id')
    .select('n.link')
    .where('un.id', '=', userNotificationId)
    .where('un.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new DomainError('not_found', 'This notification is no longer available.');
  return { link: row.link };
}

/** The Welcome (2) notification a new account receives (listener of 'user.created', decision 185). */
export const WELCOME_TITLE = 'Welcome to Leda';

export async function welcomeUser(db: Db, user: { userId: number; firstName: string }): Promise<number> {
  return notifyUsers(db, [user.userId], {
    type: NotificationType.Welcome,
    title: WELCOME_TITLE,
    message: `Hi ${user.firstName}, your journeys, activities and team are all here.`,
    link: '/app',
  });
}
