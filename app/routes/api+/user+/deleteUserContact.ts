import { getDb } from '@modules/shared/index.server';
import { deleteContact } from '@modules/social/index.server';
import { userContactIdBody } from '@modules/social/schemas';
import { apiError, apiRoute } from '~/utils/api.server';
import { isFeatureOn } from '~/utils/features';

/** POST /api/user/deleteUserContact {userContactId}: {userContacts} left; another user's contact is a 404. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: userContactIdBody,
  handler: async ({ body, auth }) => {
    if (!isFeatureOn('feedback')) throw apiError(404, 'Not found.');
    return { userContacts: await deleteContact(getDb(), auth.user, body.userContactId) };
  },
});
