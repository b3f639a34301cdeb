import { recordCompletion } from '@modules/catalogue/index.server';
import { apiVideoCompletedSchema } from '@modules/catalogue/schemas';
import { apiRoute } from '~/utils/api.server';
import { getDb } from '@modules/shared/index.server';

/** POST /api/video/userCompletedVideo {videoId}: records completion (the first time is kept). */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: apiVideoCompletedSchema,
  handler: async ({ body, auth }) => ({ videoId: body.videoId, completedAt: await recordCompletion(getDb(), auth.user.userId, 'video', body.videoId) }),
});
