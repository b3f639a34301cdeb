import { getDb } from '@modules/shared/index.server';
import { feedbackSkills, getFeedbackResults, recommendFor } from '@modules/social/index.server';
import { noBody } from '@modules/social/schemas';
import { apiError, apiRoute } from '~/utils/api.server';
import { isFeatureOn } from '~/utils/features';

/**
 * POST /api/feedback/getUserFeedbackResults (no body): the signed-in user's own results,
 * {responseCount, skillIdsGood, skillIdsBad, answers, responsesNeeded, skillVotes, recommendations}.
 * Hidden (only the count) until 3 people have answered (decision 204). 404 while the feature is off.
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: noBody,
  handler: async ({ auth }) => {
    if (!isFeatureOn('feedback')) throw apiError(404, 'Not found.');
    const results = await getFeedbackResults(getDb(), auth.user);
    const recommendations = await recommendFor(getDb(), auth.user, results.skillIdsBad, await feedbackSkills(getDb()));
    return { ...results, recommendations };
  },
});
