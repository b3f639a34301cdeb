/** The social module's public surface: posts, comments, likes, files, notifications, feedback, contacts. */
import { onEvent } from '@modules/shared/events.server';
import { welcomeUser } from './notifications.server';

/** Start-up wiring (modules/listeners.server.ts): a new account gets the Welcome notification (decision 185). */
export function registerListeners() {
  onEvent('user.created', 'social', (db, fact) => welcomeUser(db, fact).then(() => undefined));
}

export {
  countUnseen,
  listRecent,
  markAllSeen,
  markSeen,
  markActioned,
  pollNotifications,
  notifyUsers,
  welcomeUser,
  WELCOME_TITLE,
  NotificationType,
  type UserNotification,
} from './notifications.server';
export {
  AudienceType,
  POST_GONE,
  FEED_PAGE_SIZE,
  listFeed,
  listPosts,
  listTeamPosts,
  getPost,
  savePost,
  deletePost,
  deletePostsFromTeam,
  publishDuePost,
  teamScope,
  listTeamUsers,
  requireVisiblePost,
  scopeOf as postScopeOf,
  type Post,
  type PostUser,
  type SavePostInput,
  type PublishScheduler,
} from './posts.server';
export { MAX_POST_FILES, TOO_MANY_FILES, FILE_NOT_AVAILABLE, listPostFileIds, type PostFilesChange } from './post-files.server';
export { setPostLiked, setPostPinned, commentPost, deletePostComment } from './post-reactions.server';
export { jobScheduler, publishDuePosts, publishJobId } from './publishing.server';
export { uploadFiles, FileType, UPLOAD_KINDS, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD, type UploadKind, type UploadedFile } from './files.server';
export { getLinkPreview, previewFromHtml, withLinkPreviews, type LinkPreview } from './link-preview.server';
export { sweepReminders, localTimeIn, addDays, JOURNEY_STALLED_MS, type ReminderKind, type SweepResult, type SweepOptions, type LocalTime } from './reminders.server';
export {
  listContacts,
  deleteContact,
  requestContactFeedback,
  createPublicFeedbackToken,
  getFeedbackConfig,
  submitFeedback,
  feedbackSkills,
  waitLeftMs,
  waitLabel,
  pruneFeedbackTokens,
  FEEDBACK_REQUEST_WAIT_MS,
  type UserContact,
  type FeedbackSkill,
  type FeedbackConfig,
} from './peer-feedback.server';
export { getFeedbackResults, recommendFor, type FeedbackResults, type FeedbackRecommendations } from './peer-feedback-results.server';
export {
  notificationSchemas,
  notificationsList,
  listNotificationsForAdmin,
  getNotificationForAdmin,
  updateNotificationText,
  sendAnnouncement,
  NOTIFICATION_NOT_FOUND,
  NO_RECIPIENTS,
  type AdminNotification,
  type Announcement,
  type NotificationText,
  type NotificationsQuery,
} from './notifications-admin.server';
export { seedDemoFeedback } from './peer-feedback-demo.server';
export { seedDemoFeed } from './feed-demo.server';
