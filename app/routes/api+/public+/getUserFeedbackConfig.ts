import { getDb } from '@modules/shared/index.server';
import { getFeedbackConfig } from '@modules/social/index.server';
import { FEEDBACK_LINK_EXPIRED } from '@modules/social/constants';
import { feedbackConfigBody } from '@modules/social/schemas';
import { apiError, apiRoute } from '~/utils/api.server';
import { isFeatureOn } from '~/utils/features';
import { feedbackVisitor } from '~/features/feedback/feedback-respondent.server';

/**
 * POST /api/public/getUserFeedbackConfig {token}: {skills, userName}; an unknown, used or expired link
 * is a 404 'Sorry, this feedback link has expired.'; the learner's own link a 403 and a second answer
 * through the shared link a 409 (decision 240). Sets the browser's feedback cookie when it has none.
 */
export const { loader, action } = apiRoute({
  access: 'public',
  schema: feedbackConfigBody,
  handler: async ({ body, request, context }) => {
    if (!isFeatureOn('feedback')) throw apiError(404, FEEDBACK_LINK_EXPIRED);
    const visitor = await feedbackVisitor(request, context);
    return Response.json(await getFeedbackConfig(getDb(), body.token, visitor.viewing), { headers: visitor.headers });
  },
});
