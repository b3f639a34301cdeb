import { getDb } from '@modules/shared/index.server';
import { getUserProfile, policy } from '@modules/identity/index.server';
import { apiUserIdBody } from '@modules/identity/schemas';
import { listJourneyBadges } from '@modules/journeys/index.server';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/organisation/getUserProfileDataById {userId} -> {user, completedJourneyIds}. A user the
 * caller may not see (no shared organisation or team) answers 404 'User not found.', like an unknown id.
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: apiUserIdBody,
  handler: async ({ body, auth }) => {
    const user = await getUserProfile(getDb(), auth.user, body.userId);
    const badges = policy.canSeeJourneys(auth.user) ? await listJourneyBadges(getDb(), user.userId) : [];
    return { user, completedJourneyIds: badges.map((b) => b.journeyId) };
  },
});
