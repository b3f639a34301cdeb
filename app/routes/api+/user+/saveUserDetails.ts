import { getDb } from '@modules/shared/index.server';
import { saveUserDetails } from '@modules/identity/index.server';
import { apiSaveUserDetailsBody } from '@modules/identity/schemas';
import { apiRoute } from '~/utils/api.server';

/**
 * POST /api/user/saveUserDetails {userDetails: {firstName, lastName, jobTitle?, phone?, bio?, userId?}}:
 * saves the caller's own details; a userId other than the caller's is refused (403), nothing changes.
 */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: apiSaveUserDetailsBody,
  handler: async ({ body, auth }) => {
    const { userId, ...details } = body.userDetails;
    await saveUserDetails(getDb(), auth.user, details, userId);
    return {};
  },
});
