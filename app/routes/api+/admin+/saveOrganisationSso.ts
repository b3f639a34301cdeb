import type { ActionFunctionArgs } from '@remix-run/node';
import { saveOrganisationSso, saveOrganisationSsoBody } from '@modules/admin/index.server';
import { policy } from '@modules/identity/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiError, apiRoute } from '~/utils/api.server';
import { getAuth, NO_PERMISSION } from '~/utils/session.server';

/**
 * POST /api/admin/saveOrganisationSso {organisationId, protocol: 'oidc' | 'saml', issuer, clientId,
 * clientSecret, metadataUrl, metadataXml, emailDomains, ssoRequired, defaultTeamId}: the organisation's
 * single sign-on (decision 290). Answers the saved settings with `hasClientSecret`, never the secret.
 * Product admins and that organisation's admins (the same policy as its provisioning).
 */
const route = apiRoute({
  access: 'user',
  schema: saveOrganisationSsoBody,
  allow: (user, body) => policy.canManageOrganisationProvisioning(user, body),
  handler: async ({ body, auth }) => ({ sso: await saveOrganisationSso(getDb(), auth.user.userId, body) }),
});

export const loader = route.loader;
/** Someone who can manage no organisation's sign-in (a learner) is refused before the body is read, like every /api/admin path. */
export const action = Object.assign(
  async (args: ActionFunctionArgs) => {
    const auth = await getAuth(args.request, args.context);
    if (auth && !policy.canManageOrganisationProvisioning(auth.user, { organisationId: auth.user.userPermissions.organisationId ?? 0 })) {
      return apiError(403, NO_PERMISSION);
    }
    return route.action(args);
  },
  { schema: route.action.schema, access: route.action.access, optionalAuth: route.action.optionalAuth },
);
