import { getDb } from '@modules/shared/index.server';
import { createPublicFeedbackToken } from '@modules/social/index.server';
import { noBody } from '@modules/social/schemas';
import { apiError, apiRoute } from '~/utils/api.server';
import { isFeatureOn } from '~/utils/features';

/**
 * POST /api/feedback/getPublicFeedbackToken (no body): {token, expiresAt} for a shareable link
 * /user-feedback/{token}. Each call mints a new token (only its hash is stored, decision 202).
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: noBody,
  handler: async ({ auth }) => {
    if (!isFeatureOn('feedback')) throw apiError(404, 'Not found.');
    return createPublicFeedbackToken(getDb(), auth.user);
  },
});
