import { getAllOrganisations, peopleSchemas } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/getAllOrganisations: every organisation with its teams. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: peopleSchemas.apiGetAllOrganisations,
  handler: () => getAllOrganisations(getDb()),
});
