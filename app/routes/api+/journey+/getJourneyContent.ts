import { getJourneyForUser } from '@modules/journeys/index.server';
import { journeyIdBody } from '@modules/journeys/schemas';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/journey/getJourneyContent {journeyId}: the journey with its steps, step items, step
 * statuses and the caller's user journey. Other teams' journeys and journey 1000 answer 404, a
 * locked one 403, a student licence 403.
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: journeyIdBody,
  handler: ({ body, auth }) => getJourneyForUser(getDb(), auth.user, body.journeyId),
});
