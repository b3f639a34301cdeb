/**
 * The social module's public surface: posts, comments, likes, files, notifications, feedback, contacts.
 * Only names some file outside the module imports (decision 229, tests/integration/module-surface.test.ts).
 */
import { onEvent } from '@modules/shared/events.server';
import { welcomeUser } from './notifications.server';

/** Start-up wiring (modules/listeners.server.ts): a new account gets the Welcome notification (decision 185). */
export function registerListeners() {
  onEvent('user.created', 'social', (db, fact) => welcomeUser(db, fact).then(() => undefined));
}

export {
  countUnseen,
  unseenCountOf,
  listRecent,
  markAllSeen,
  markSeen,
  markActioned,
  pollNotifications,
  notifyUsers,
  NotificationType,
} from './notifications.server';
export { notificationPoll, pollNotModified } from './notification-poll.server';
export { bumpVersions as bumpNotificationVersions } from './notification-version.server';
export { createFanOutNotification, fanOutNotification, sweepFanOuts, fanOutJobId } from './notification-fan-out.server';
export {
  AudienceType,
  POST_GONE,
  FEED_PAGE_SIZE,
  listFeed,
  listFeedSummaries,
  listPosts,
  listTeamPosts,
  getPost,
  savePost,
  deletePost,
  deletePostsFromTeam,
  publishDuePost,
  teamScope,
  scopeOf as postScopeOf,
  type Post,
  type PostSummary,
  type PublishScheduler,
} from './posts.server';
export { listTeamUsers, teamAvatars } from './team-users.server';
export { listNewestTeamPosts } from './home-posts.server';
export { checkPostFileCount, checkPostFilesBeforeUpload, postFileBlobAccess, pruneUnattachedFiles } from './post-files.server';
export { MAX_POST_FILES } from './constants';
export { setPostLiked, setPostPinned, commentPost, deletePostComment, restorePostComment, purgeDeletedComments } from './post-reactions.server';
export { jobScheduler, publishDuePosts } from './publishing.server';
export { uploadFiles, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD, type UploadKind } from './files.server';
export { getLinkPreview, withLinkPreviews } from './link-preview.server';
export { sweepReminders, localTimeIn, type ReminderKind, type SweepOptions } from './reminders.server';
export {
  listContacts,
  deleteContact,
  restoreContact,
  requestContactFeedback,
  createPublicFeedbackToken,
  getFeedbackConfig,
  submitFeedback,
  feedbackSkills,
  waitLeftMs,
  waitLabel,
  pruneFeedbackTokens,
  type FeedbackSkill,
} from './peer-feedback.server';
export { getFeedbackResults, recommendFor, releasedOf as releasedFeedbackCount } from './peer-feedback-results.server';
export {
  OWN_FEEDBACK_MESSAGE,
  ALREADY_ANSWERED_MESSAGE,
  COOKIE_NEEDED_MESSAGE,
  type Respondent,
} from './peer-feedback-respondents.server';
export {
  notificationSchemas,
  notificationsList,
  listNotificationsForAdmin,
  getNotificationForAdmin,
  updateNotificationText,
  sendAnnouncement,
  type AdminNotification,
  type Announcement,
  type NotificationText,
} from './notifications-admin.server';
export { seedDemoFeedback } from './peer-feedback-demo-seed.server';
export { seedDemoFeed } from './feed-demo-seed.server';
export { socialPrivacy } from './privacy';
