import { getAllUsers, peopleSchemas } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/getAllUsers: one page of the user list ({ q, license, sort, dir, page, pageSize 1-500 } optional; answers users, total, page, pageSize, pageCount). Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: peopleSchemas.apiGetAllUsers,
  handler: ({ body }) => getAllUsers(getDb(), body),
});
