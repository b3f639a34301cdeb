/** The social module's public surface: posts, comments, likes, files, notifications, feedback, contacts. */
export {
  countUnseen,
  listRecent,
  markAllSeen,
  notifyUsers,
  NotificationType,
  type NotificationTypeValue,
  type UserNotification,
} from './notifications.server';
