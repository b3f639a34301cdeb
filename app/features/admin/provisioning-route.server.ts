import type { ActionFunctionArgs } from '@remix-run/node';
import { policy } from '@modules/identity/index.server';
import { apiError } from '~/utils/api.server';
import { getAuth, NO_PERMISSION } from '~/utils/session.server';

/**
 * An organisation's provisioning paths (/api/admin/createScimToken, /api/admin/saveOrganisationSso):
 * someone who can manage no organisation's provisioning (a learner) is refused before the body is
 * read, like every /api/admin path; the route's own `allow` then checks the organisation the body names.
 */
export function provisioningAction<T extends ((args: ActionFunctionArgs) => Promise<Response>) & object>(action: T): T {
  const guarded = async (args: ActionFunctionArgs) => {
    const auth = await getAuth(args.request, args.context);
    if (auth && !policy.canManageOrganisationProvisioning(auth.user, { organisationId: auth.user.userPermissions.organisationId ?? 0 })) {
      return apiError(403, NO_PERMISSION);
    }
    return action(args);
  };
  return Object.assign(guarded, action);
}
