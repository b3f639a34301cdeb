import { getDb } from '@modules/shared/index.server';
import { submitFeedback } from '@modules/social/index.server';
import { FEEDBACK_LINK_EXPIRED } from '@modules/social/constants';
import { submitUserFeedbackBody } from '@modules/social/schemas';
import { apiError, apiRoute } from '~/utils/api.server';
import { isFeatureOn } from '~/utils/features';
import { clientIpOf } from '~/utils/request-context.server';

/**
 * POST /api/public/submitUserFeedback {token, feedback {answers[], skillRatings[]}}: {} once stored.
 * Exactly 2 skills rated 1 and 2 rated -1 ('Sorry, you need to choose 2 skills in both sections…'),
 * rate limited per client address (429), an expired link a 404.
 */
export const { loader, action } = apiRoute({
  access: 'public',
  schema: submitUserFeedbackBody,
  handler: async ({ body, request }) => {
    if (!isFeatureOn('feedback')) throw apiError(404, FEEDBACK_LINK_EXPIRED);
    await submitFeedback(getDb(), body.token, body.feedback, { clientIp: clientIpOf(request) });
    return {};
  },
});
