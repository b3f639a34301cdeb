import { createScimToken, createScimTokenBody } from '@modules/admin/index.server';
import { policy } from '@modules/identity/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';
import { provisioningAction } from '~/features/admin/provisioning-route.server';

/**
 * POST /api/admin/createScimToken {organisationId}: `{ token }`, the organisation's new SCIM bearer
 * token, shown this once (only its hash is kept). Product admins and that organisation's admins.
 */
const route = apiRoute({
  access: 'user',
  schema: createScimTokenBody,
  allow: (user, body) => policy.canManageOrganisationProvisioning(user, body),
  handler: async ({ body, auth }) => ({ token: (await createScimToken(getDb(), auth.user.userId, body)).token }),
});

export const loader = route.loader;
export const action = provisioningAction(route.action);
