import { recordCompletion } from '@modules/catalogue/index.server';
import { apiGameCompletedSchema } from '@modules/catalogue/schemas';
import { apiRoute } from '~/utils/api.server';
import { getDb } from '@modules/shared/index.server';

/** POST /api/game/userCompletedGame {gameId}: records completion (the first time is kept). */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: apiGameCompletedSchema,
  handler: async ({ body, auth }) => ({ gameId: body.gameId, completedAt: await recordCompletion(getDb(), auth.user.userId, 'game', body.gameId) }),
});
