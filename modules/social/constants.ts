/**
 * Browser-safe values of the social module (no zod, no server imports): the peer feedback page
 * and /app/feedback render these, the server checks the same ones (learner-app 5, 9; public-site 5, 8).
 */

/** The 6 feedback skills (learner-app 5), by their catalogue urlId, in the order the form shows them. */
export const FEEDBACK_SKILL_URL_IDS = [
  'emotional-self-awareness',
  'emotional-self-control',
  'growth-mindset',
  'motivating-others',
  'communication-and-collaboration',
  'empathy',
] as const;

/** Skills per section: 2 done well, 2 to improve (public-site 9). */
export const FEEDBACK_SKILLS_PER_SECTION = 2;
/** The one answer question besides the skills. */
export const ADDITIONAL_COMMENT = 'ADDITIONAL_COMMENT';
export const MAX_FEEDBACK_COMMENT = 2000;
/** Results stay hidden until this many people have answered (beyond the spec: no one answer can be singled out). */
export const MIN_FEEDBACK_RESPONSES = 3;
/** The copied-link message shows for 2 s (learner-app 9). */
export const COPIED_MESSAGE_MS = 2000;

export const FEEDBACK_LINK_EXPIRED = 'Sorry, this feedback link has expired.';
export const FEEDBACK_SKILLS_MESSAGE = 'Sorry, you need to choose 2 skills in both sections before you can send your feedback.';
export const FEEDBACK_SAME_SKILL_MESSAGE = 'Choose different skills for "does well" and "could improve".';
export const FEEDBACK_THANKS = 'Thank you for your feedback!';
export const CONTACT_EMAIL_MESSAGE = 'Enter a valid email address.';

/** The one file rule of a post, in the feed and in a preset alike (learner-app s.7: max 10 files per post). */
export const MAX_POST_FILES = 10;
export const TOO_MANY_FILES = `A post may have at most ${MAX_POST_FILES} files.`;
