import { DomainError, getDb } from '@modules/shared/index.server';
import { getGame } from '@modules/catalogue/index.server';
import { apiGameSchema } from '@modules/catalogue/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/game/getGameById {gameId: id or urlId}: the game with stages, choices, related skills and rules. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: apiGameSchema,
  handler: async ({ body }) => {
    const game = await getGame(getDb(), body.gameId);
    if (!game) throw new DomainError('not_found', 'No game to display.');
    return game;
  },
});
