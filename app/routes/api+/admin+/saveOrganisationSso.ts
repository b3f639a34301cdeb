import { saveOrganisationSso, saveOrganisationSsoBody } from '@modules/admin/index.server';
import { policy } from '@modules/identity/index.server';
import { getDb } from '@modules/shared/index.server';
import { apiRoute } from '~/utils/api.server';
import { provisioningAction } from '~/features/admin/provisioning-route.server';

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
export const action = provisioningAction(route.action);
