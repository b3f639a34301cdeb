import { getDb } from '@modules/shared/index.server';
import { removeProfilePhoto } from '@modules/identity/index.server';
import { apiEmptyBody } from '@modules/identity/schemas';
import { apiRoute } from '~/utils/api.server';

/** POST /api/user/removeProfilePhoto: removes the caller's own photo (initials show instead). */
export const { loader, action } = apiRoute({
  access: 'user',
  schema: apiEmptyBody,
  handler: async ({ auth }) => {
    await removeProfilePhoto(getDb(), auth.user.userId);
    return {};
  },
});
