import { z } from 'zod';
import { idNumber, idSchema } from '@modules/shared/validation';

/**
 * Catalogue enumerations and input schemas a browser may also use (routes import this file or
 * index.server.ts, never the module's insides).
 */
export const DialogueStageType = {
  Intro: 1,
  SpeechNarrator: 2,
  SpeechNPC: 3,
  SpeechPlayer: 4,
  Choice: 5,
  ChoiceGood: 6,
  ChoiceBad: 7,
  ThoughtPlayer: 8,
} as const;

export const Operator = {
  EqualTo: 1,
  NotEqualTo: 2,
  LessThan: 3,
  GreaterThan: 4,
  LessThanOrEqualTo: 5,
  GreaterThanOrEqualTo: 6,
} as const;

export const FeedbackType = {
  SkillPageThumbs: 1,
  SkillGroupPageThumbs: 2,
  LibraryContentPage: 3,
  StoryChapterPageThumbs: 4,
  LibraryHome: 5,
  LockedContentInterest: 6,
  ContentPageThumbs: 7,
  ActivityStars: 8,
  ActivityMessage: 9,
  JourneyStars: 10,
  JourneyMessage: 11,
} as const;

/** Feedback types rated with stars (1-5); every other rating is thumbs (-1 or 1). */
const STAR_FEEDBACK_TYPES: readonly number[] = [FeedbackType.ActivityStars, FeedbackType.JourneyStars];

export const GameType = { Dialogue: 1 } as const;
export const AssessmentType = { Survey: 1 } as const;

export const PROGRESS_KINDS = ['activity', 'assessment', 'content', 'game', 'video'] as const;

/** Explore shows at most 5 skills and 5 stories. */
export const EXPLORE_LIMIT = 5;

/**
 * System feedback (thumbs -1/1, stars 1-5 for the star types, or a non-empty message): a rating
 * or a message is required (docs/decisions/054-system-feedback.md).
 */
export const systemFeedbackSchema = z
  .object({
    feedbackType: z.coerce.number().int().min(1, 'Unknown feedback type').max(11, 'Unknown feedback type'),
    rating: z.coerce.number().int().nullish(),
    url: z.string().trim().max(2000, 'URL is too long').nullish(),
    message: z.string().max(10_000, 'Message is too long (max 10,000 characters)').nullish(),
    activityId: idSchema.nullish(),
    journeyId: idSchema.nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.rating != null) {
      const stars = STAR_FEEDBACK_TYPES.includes(v.feedbackType);
      if (stars && (v.rating < 1 || v.rating > 5)) ctx.addIssue({ code: 'custom', path: ['rating'], message: 'Choose a rating from 1 to 5 stars' });
      if (!stars && v.rating !== -1 && v.rating !== 1) ctx.addIssue({ code: 'custom', path: ['rating'], message: 'Thumbs are -1 or 1' });
    }
    if (v.message != null && v.message.trim() === '' && v.rating == null) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'Enter a message' });
    } else if (v.rating == null && v.message == null) {
      ctx.addIssue({ code: 'custom', path: ['rating'], message: 'Give a rating or a message' });
    }
  });
export type SystemFeedbackInput = z.input<typeof systemFeedbackSchema>;

/** An id (number or digits) or a urlId, as the /api bodies send them. */
const idOrUrlIdField = z.union([
  idNumber,
  z.string({ error: 'Required' }).trim().min(1, 'Required').max(100, 'Too long'),
]);
/** A numeric id (number or digits). */
export const apiSkillSchema = z.object({ skillId: idOrUrlIdField });
export const apiStorySchema = z.object({ storyId: idOrUrlIdField });
export const apiGameSchema = z.object({ gameId: idOrUrlIdField });
export const apiGameCompletedSchema = z.object({ gameId: idSchema });
export const apiAssessmentSchema = z.object({ assessmentId: idOrUrlIdField });
export const apiAssessmentCompletedSchema = z.object({ assessmentId: idSchema });
export const apiContentSchema = z.object({ contentId: idOrUrlIdField });
export const apiContentCompletedSchema = z.object({ contentId: idSchema });
export const apiVideoCompletedSchema = z.object({ videoId: idSchema });

export { ARTICLE_TAGS } from './constants';
