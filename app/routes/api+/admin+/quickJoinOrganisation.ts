import { peopleSchemas, quickJoinOrganisation } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/quickJoinOrganisation: the admin joins the organisation's team(s) as a member. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: peopleSchemas.apiQuickJoinOrganisation,
  handler: ({ body, auth }) => quickJoinOrganisation(getDb(), auth.user.userId, body),
});
