import type { ActionFunctionArgs } from '@remix-run/node';
import { createScimToken, createScimTokenBody } from '@modules/admin/index.server';
import { policy } from '@modules/identity/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiError, apiRoute } from '~/utils/api.server';
import { getAuth, NO_PERMISSION } from '~/utils/session.server';

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
/** Someone who can manage no organisation's provisioning (a learner) is refused before the body is read, like every /api/admin path. */
export const action = Object.assign(
  async (args: ActionFunctionArgs) => {
    const auth = await getAuth(args.request, args.context);
    if (auth && !policy.canManageOrganisationProvisioning(auth.user, { organisationId: auth.user.userPermissions.organisationId ?? 0 })) {
      return apiError(403, NO_PERMISSION);
    }
    return route.action(args);
  },
  { schema: route.action.schema },
);
