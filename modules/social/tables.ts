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
  /** A comment's notification (PostComment 5): deleted with the comment. */
  post_comment_id: number | null;
  created_at: CreatedAt;
  /** The audience a fan-out job still has to reach (JSON, notification-fan-out.server.ts); null once sent or for a direct notification. */
  fan_out: ColumnType<unknown, string | null | undefined, string | null>;
  fanned_out_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
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

/** AudienceType: Global 1, Organisation 2, Team 3. A post is posted once posted_at is set. */
export interface PostsTable {
  id: Generated<number>;
  text: Generated<string>;
  audience_type: number;
  organisation_id: number | null;
  team_id: number | null;
  creator_id: number | null;
  is_leda_official: Generated<boolean>;
  url: string | null;
  posted_at: Timestamp | null;
  scheduled_at: Timestamp | null;
  pinned_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** An uploaded file (FileType: Image 1, Document 2); the bytes are a blob. */
export interface FilesTable {
  id: Generated<number>;
  blob_id: string;
  file_name: string;
  type: number;
  content_type: string;
  creator_id: number | null;
  created_at: CreatedAt;
}

export interface PostFilesTable {
  id: Generated<number>;
  post_id: number;
  file_id: number;
  ordinal: Generated<number>;
}

export interface PostLikesTable {
  id: Generated<number>;
  post_id: number;
  user_id: number;
  created_at: CreatedAt;
}

export interface PostCommentsTable {
  id: Generated<number>;
  post_id: number;
  user_id: number;
  text: string;
  created_at: CreatedAt;
  /** Deleted, undoable for 10 minutes (decision 281); gone for good after that. */
  deleted_at: Timestamp | null;
}

export interface LinkPreviewsTable {
  url_hash: string;
  url: string;
  preview: ColumnType<unknown, string | null, string | null>;
  fetched_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The reminder ledger: at most one email per user, kind and local day (decision 199). */
export interface ReminderSendsTable {
  user_id: number;
  kind: string;
  /** The user's local date (YYYY-MM-DD) the email counts for. */
  local_date: ColumnType<Date | string, string, string>;
  sent_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A learner's feedback contact (learner-app 3: userContactId, email, lastFeedbackRequestAt). */
export interface UserContactsTable {
  id: Generated<number>;
  user_id: number;
  email: string;
  last_feedback_request_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A peer feedback link's token (its SHA-256): 'contact' answered once, 'public' by many; each expires. */
export interface FeedbackTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  kind: 'contact' | 'public';
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

/** One anonymous answer: its optional comment (ADDITIONAL_COMMENT); the skills are feedback_response_skills. */
export interface FeedbackResponsesTable {
  id: Generated<number>;
  user_id: number;
  comment: string | null;
  created_at: CreatedAt;
}

/**
 * Who already answered a learner's feedback (decision 240): a key hashed with the learner's id (a
 * browser's cookie, a signed-in colleague), 'answer' or 'owner' (a browser the learner opened their
 * own link in). No answer id and no time: a respondent cannot be matched to an answer.
 */
export interface FeedbackRespondentsTable {
  user_id: number;
  key_hash: string;
  role: 'answer' | 'owner';
}

/** A skill rated in an answer: 1 done well, -1 to improve. */
export interface FeedbackResponseSkillsTable {
  response_id: number;
  skill_id: number;
  rating: number;
}

export type PostRow = Selectable<PostsTable>;

export interface SocialTables {
  notifications: NotificationsTable;
  user_notifications: UserNotificationsTable;
  posts: PostsTable;
  files: FilesTable;
  post_files: PostFilesTable;
  post_likes: PostLikesTable;
  post_comments: PostCommentsTable;
  link_previews: LinkPreviewsTable;
  user_contacts: UserContactsTable;
  feedback_tokens: FeedbackTokensTable;
  feedback_responses: FeedbackResponsesTable;
  feedback_response_skills: FeedbackResponseSkillsTable;
  feedback_respondents: FeedbackRespondentsTable;
  reminder_sends: ReminderSendsTable;
}
