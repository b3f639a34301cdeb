import { z } from 'zod';
import { checkbox, idNumber, idSchema } from '@modules/shared/validation';
import { MAX_POST_FILES, TOO_MANY_FILES } from './constants';

/** zod schemas of the social module (learner-app s.5, s.7): /api bodies and the post forms (browser-safe). */
const MAX_POST_TEXT = 10000;
const MAX_URL = 10000;
const FEED_PAGE = 10;

/** The URL field: max 10000 ('URL is too long'); if non-empty a valid http(s) URL ('URL is invalid'). */
const urlField = z
  .string()
  .trim()
  .max(MAX_URL, { error: 'URL is too long' })
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), { error: 'URL is invalid' })
  .optional()
  .transform((v) => v || null);

const offset = z.number().int().min(0).max(1_000_000).default(0);
const limit = z.number().int().min(1).max(100).default(FEED_PAGE);

export const postIdBody = z.object({ postId: idNumber });
export const teamIdBody = z.object({ teamId: idNumber });
export const getPostsBody = z.object({ offset, limit }).passthrough();
export const feedBody = z.object({ teamId: idNumber, offset, limit });
export const setLikedBody = z.object({ postId: idNumber, isLiked: z.boolean() });
export const setPinnedBody = z.object({ postId: idNumber, isPinned: z.boolean() });
export const commentBody = z.object({ postId: idNumber, commentText: z.string().trim().min(1, 'Enter a comment.').max(MAX_POST_TEXT, 'The comment is too long.') });
export const commentIdBody = z.object({ postCommentId: idNumber });
export const openGraphBody = z.object({ url: z.string().trim().min(1, 'URL is invalid').max(MAX_URL, 'URL is too long') });
export const seenBody = z.object({ userNotificationIds: z.array(idNumber).max(500) });
export const actionedBody = z.object({ userNotificationId: idNumber });
export const pollBody = z.object({ latestUserNotificationId: z.number().int().min(0).max(2_147_483_647).optional() });

/** /api/post/savePost {post}: the audience by AudienceType (Global 1, Organisation 2, Team 3). */
export const savePostBody = z.object({
  post: z.object({
    postId: idNumber.nullish(),
    text: z.string().max(MAX_POST_TEXT, 'The post is too long.').default(''),
    audienceType: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
    isGlobal: z.boolean().optional(),
    organisationId: idNumber.nullish(),
    teamId: idNumber.nullish(),
    isLedaOfficial: z.boolean().optional(),
    scheduledAt: z.iso.datetime({ offset: true, error: 'scheduledAt must be a date and time' }).nullish(),
    url: urlField.nullish(),
    postFiles: z.array(z.object({ file: z.object({ fileId: idNumber }) })).max(MAX_POST_FILES, TOO_MANY_FILES).optional(),
    fileIds: z.array(idNumber).max(MAX_POST_FILES, TOO_MANY_FILES).optional(),
  }),
});

/** The post editor form (screens, JS on and off): audience as 'global', 'org-<id>' or 'team-<id>'. */
export const postFormSchema = z.object({
  intent: z.literal('save-post'),
  postId: idSchema.optional(),
  text: z.string().max(MAX_POST_TEXT, 'The post is too long.').optional().default(''),
  audience: z.string().regex(/^(global|org-\d{1,9}|team-\d{1,9})$/, 'Choose an audience.').optional(),
  isLedaOfficial: checkbox,
  scheduledAt: z.string().max(40).optional(),
  url: urlField,
  /** Files to add (already uploaded by this user). An edit keeps the post's files unless removed. */
  fileIds: z.array(idSchema).max(MAX_POST_FILES, TOO_MANY_FILES).optional().default([]),
  /** The editor's Remove per existing attachment. */
  removeFileIds: z.array(idSchema).max(MAX_POST_FILES).optional().default([]),
});

/** The small post actions as plain forms. */
export const postActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('like'), postId: idSchema, isLiked: z.enum(['true', 'false']) }),
  z.object({ intent: z.literal('pin'), postId: idSchema, isPinned: z.enum(['true', 'false']) }),
  z.object({ intent: z.literal('comment'), postId: idSchema, commentText: z.string().trim().min(1, 'Enter a comment.').max(MAX_POST_TEXT, 'The comment is too long.') }),
  z.object({ intent: z.literal('delete-comment'), postCommentId: idSchema }),
  z.object({ intent: z.literal('restore-comment'), postCommentId: idSchema }),
  z.object({ intent: z.literal('delete-post'), postId: idSchema }),
]);

// Peer feedback (its own file): /api bodies and the /app/feedback and /user-feedback forms.
export {
  requestFeedbackBody,
  requestFeedbackForm,
  userContactIdBody,
  contactActionForm,
  restoreContactForm,
  noBody,
  feedbackConfigBody,
  submitUserFeedbackBody,
  userFeedbackForm,
} from './peer-feedback-schemas';
