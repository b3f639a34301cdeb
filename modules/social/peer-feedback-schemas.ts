import { z } from 'zod';
import { idNumber, idSchema } from '@modules/shared/validation';
import { ADDITIONAL_COMMENT, CONTACT_EMAIL_MESSAGE, MAX_FEEDBACK_COMMENT } from './constants';

/** zod schemas of peer feedback (learner-app 5, 7; public-site 5, 7): /api bodies and the two forms. */
export const contactEmail = z
  .string({ error: CONTACT_EMAIL_MESSAGE })
  .trim()
  .min(1, { error: CONTACT_EMAIL_MESSAGE })
  .max(320, { error: CONTACT_EMAIL_MESSAGE })
  .pipe(z.email({ error: CONTACT_EMAIL_MESSAGE }))
  .transform((v) => v.toLowerCase());

export const requestFeedbackBody = z.object({ email: contactEmail });
export const userContactIdBody = z.object({ userContactId: idNumber });
export const noBody = z.object({}).passthrough();

/** A feedback token as it travels (public link, JSON body): bounded; its shape is checked by the module. */
export const feedbackToken = z.string({ error: 'This field is required' }).trim().min(1, { error: 'This field is required' }).max(200, { error: 'The link is not valid.' });

const comment = z.string().max(MAX_FEEDBACK_COMMENT, { error: `The comment is too long (max ${MAX_FEEDBACK_COMMENT} characters).` });

/** /api/public/submitUserFeedback {token, feedback {answers[], skillRatings[]}}. */
export const submitUserFeedbackBody = z.object({
  token: feedbackToken,
  feedback: z.object({
    answers: z.array(z.object({ questionIdentifier: z.literal(ADDITIONAL_COMMENT), value: comment })).max(5).default([]),
    skillRatings: z.array(z.object({ skillId: idNumber, rating: z.union([z.literal(1), z.literal(-1)]) })).max(12),
  }),
});
export const feedbackConfigBody = z.object({ token: feedbackToken });

/** The /app/feedback request form (the same email field). */
export const requestFeedbackForm = z.object({ email: contactEmail });
/** The contacts list's buttons: ask again, delete. */
export const contactActionForm = z.object({ userContactId: idSchema });
/** Undo of a contact's deletion (decision 331): the address and when it was last asked, as the deletion answered them. */
export const restoreContactForm = z.object({
  email: contactEmail,
  lastAskedAt: z.preprocess((v) => (v === '' ? undefined : v), z.iso.datetime({ offset: true }).optional()),
});

/** The anonymous page's form: checkboxes 'good' and 'bad' (skill ids), an optional comment. */
const ids = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(idSchema).max(12));
export const userFeedbackForm = z.object({
  good: ids,
  bad: ids,
  comment: comment.optional(),
  website: z.string().max(500).optional(),
});
