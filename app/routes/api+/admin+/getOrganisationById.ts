import { getOrganisationById, peopleSchemas } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';

/** POST /api/admin/getOrganisationById: the organisation with its teams and last activity. Product admins only. */
export const { loader, action } = apiRoute({
  access: 'productAdmin',
  schema: peopleSchemas.apiGetOrganisationById,
  handler: ({ body }) => getOrganisationById(getDb(), body.organisationId),
});
