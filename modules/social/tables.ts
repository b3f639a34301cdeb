import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Tables owned by the social module (joined into the Database type in modules/shared/db). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** NotificationType: General 1, Welcome 2, Journey 3, Post 4, PostComment 5, PostLike 6. */
export interface NotificationsTable {
  id: Generated<number>;
  type: number;
  title: string;
  message: Generated<string>;
  link: string | null;
  journey_id: number | null;
  post_id: number | null;
  created_at: CreatedAt;
}

/** One notification delivered to one user; unseen while seen_at is null. */
export interface UserNotificationsTable {
  id: Generated<number>;
  user_id: number;
  notification_id: number;
  created_at: CreatedAt;
  seen_at: Timestamp | null;
  actioned_at: Timestamp | null;
}

export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;
export type UserNotificationRow = Selectable<UserNotificationsTable>;
export type UserNotificationUpdate = Updateable<UserNotificationsTable>;

export interface SocialTables {
  notifications: NotificationsTable;
  user_notifications: UserNotificationsTable;
}
