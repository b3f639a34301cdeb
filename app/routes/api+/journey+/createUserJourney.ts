import { startUserJourney } from '@modules/journeys/index.server';
import { journeyIdBody } from '@modules/journeys/schemas';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/journey/createUserJourney {journeyId}: starts the journey (idempotent) and answers the user journey. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: journeyIdBody,
  handler: ({ body, auth }) => startUserJourney(getDb(), auth.user, body.journeyId),
});
