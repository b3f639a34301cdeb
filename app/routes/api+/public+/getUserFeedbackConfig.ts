import { getDb } from '@modules/shared/index.server';
import { getFeedbackConfig } from '@modules/social/index.server';
import { FEEDBACK_LINK_EXPIRED } from '@modules/social/constants';
import { feedbackConfigBody } from '@modules/social/schemas';
import { apiError, apiRoute } from '~/utils/api.server';
import { isFeatureOn } from '~/utils/features';

/** POST /api/public/getUserFeedbackConfig {token}: {skills, userName}; an unknown, used or expired link is a 404 'Sorry, this feedback link has expired.' */
export const { loader, action } = apiRoute({
  access: 'public',
  schema: feedbackConfigBody,
  handler: async ({ body }) => {
    if (!isFeatureOn('feedback')) throw apiError(404, FEEDBACK_LINK_EXPIRED);
    return getFeedbackConfig(getDb(), body.token);
  },
});
