import { peopleSchemas, saveOrganisation } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/saveOrganisation: creates (no organisationId) or updates; answers { organisationId }. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: peopleSchemas.apiSaveOrganisation,
  handler: async ({ body, auth }) => ({ organisationId: await saveOrganisation(getDb(), auth.user.userId, body) }),
});
