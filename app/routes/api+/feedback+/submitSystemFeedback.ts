import { submitSystemFeedback } from '@modules/catalogue/index.server';
import { systemFeedbackSchema } from '@modules/catalogue/schemas';
import { apiRoute } from '~/utils/api.server';
import { getDb } from '@modules/shared/index.server';

/**
 * POST /api/feedback/submitSystemFeedback {feedbackType 1-11, url, message or rating, activityId, journeyId}:
 * thumbs -1/1, stars 1-5 (ActivityStars, JourneyStars), a message only when non-empty.
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: systemFeedbackSchema,
  handler: async ({ body, auth }) => ({ systemFeedbackId: await submitSystemFeedback(getDb(), auth.user.userId, body) }),
});
