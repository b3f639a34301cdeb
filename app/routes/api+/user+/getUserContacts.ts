import { getDb } from '@modules/shared/index.server';
import { listContacts } from '@modules/social/index.server';
import { noBody } from '@modules/social/schemas';
import { apiError, apiRoute } from '~/utils/api.server';
import { isFeatureOn } from '~/utils/features';

/** POST /api/user/getUserContacts (no body): {userContacts} of the signed-in user only. */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: noBody,
  handler: async ({ auth }) => {
    if (!isFeatureOn('feedback')) throw apiError(404, 'Not found.');
    return { userContacts: await listContacts(getDb(), auth.user) };
  },
});
