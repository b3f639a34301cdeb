import { getDb } from '@modules/shared/index.server';
import { submitFeedback } from '@modules/social/index.server';
import { FEEDBACK_LINK_EXPIRED } from '@modules/social/constants';
import { submitUserFeedbackBody } from '@modules/social/schemas';
import { apiError, apiRoute } from '~/utils/api.server';
import { attempt } from '~/utils/domain-error.server';
import { isFeatureOn } from '~/utils/features';
import { feedbackVisitor } from '~/features/feedback/feedback-respondent.server';

/**
 * POST /api/public/submitUserFeedback {token, feedback {answers[], skillRatings[]}}: {} once stored.
 * Exactly 2 skills rated 1 and 2 rated -1 ('Sorry, you need to choose 2 skills in both sections…'),
 * rate limited per client address (429), an expired link a 404. The learner's own link is a 403; the
 * shared link takes one answer per browser cookie and signed-in colleague (409 after; 400 without
 * the cookie, which this answer then sets; decision 240).
 */
export const { loader, action } = apiRoute({
  access: 'public',
  schema: submitUserFeedbackBody,
  handler: async ({ body, request, context }) => {
    if (!isFeatureOn('feedback')) throw apiError(404, FEEDBACK_LINK_EXPIRED);
    const visitor = await feedbackVisitor(request, context);
    // A refusal keeps the visitor's cookie header (the apiRoute helper's own mapping would drop it).
    const submitted = await attempt(() => submitFeedback(getDb(), body.token, body.feedback, { clientIp: context.clientIp, respondent: visitor.answering }));
    if (!submitted.ok) return Response.json({ errorMsg: submitted.error.message }, { status: submitted.error.status, headers: visitor.headers });
    return Response.json({}, { headers: visitor.headers });
  },
});
