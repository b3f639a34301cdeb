import { getDb } from '@modules/shared/index.server';
import { requestContactFeedback } from '@modules/social/index.server';
import { requestFeedbackBody } from '@modules/social/schemas';
import { apiError, apiRoute } from '~/utils/api.server';
import { isFeatureOn } from '~/utils/features';

/**
 * POST /api/feedback/requestUserContactFeedback {email}: {userContact}. Emails the contact a link;
 * 'Enter a valid email address.' for a bad address, 409 with 'Wait …' within 2 weeks of the last request.
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: requestFeedbackBody,
  handler: async ({ body, auth }) => {
    if (!isFeatureOn('feedback')) throw apiError(404, 'Not found.');
    return { userContact: await requestContactFeedback(getDb(), auth.user, body.email) };
  },
});
