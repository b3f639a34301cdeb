import { peopleSchemas, saveUser } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/saveUser: creates or updates a user (and, when asked, their organisation); answers the user. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: peopleSchemas.apiSaveUser,
  handler: ({ body, auth }) => saveUser(getDb(), auth.user.userId, body),
});
