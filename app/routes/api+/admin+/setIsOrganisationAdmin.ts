import { peopleSchemas, setIsOrganisationAdmin } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/setIsOrganisationAdmin: grant or revoke organisation admin. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: peopleSchemas.apiSetIsOrganisationAdmin,
  handler: async ({ body, auth }) => {
    await setIsOrganisationAdmin(getDb(), auth.user.userId, body);
    return { userId: body.userId, isOrganisationAdmin: body.isOrganisationAdmin };
  },
});
