import { peopleSchemas, quickJoinTeam } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/quickJoinTeam: the admin joins the team as a member. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: peopleSchemas.apiQuickJoinTeam,
  handler: ({ body, auth }) => quickJoinTeam(getDb(), auth.user.userId, body),
});
