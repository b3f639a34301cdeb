import { recordCompletion } from '@modules/catalogue/index.server';
import { apiContentCompletedSchema } from '@modules/catalogue/schemas';
import { apiRoute } from '~/utils/api.server';
import { getDb } from '@modules/shared/index.server';

/** POST /api/content/userCompletedContent {contentId}: records completion (the first time is kept). */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: apiContentCompletedSchema,
  handler: async ({ body, auth }) => ({ contentId: body.contentId, completedAt: await recordCompletion(getDb(), auth.user.userId, 'content', body.contentId) }),
});
