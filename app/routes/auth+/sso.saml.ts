import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { getDb, loadEnv } from '@modules/shared/index.server';
import { attempt } from '~/utils/domain-error.server';
import { acceptSamlResponse, serviceProviderMetadata, ssoFailureCode } from '@modules/identity/index.server';
import { readFormData } from '~/utils/form.server';

/**
 * GET /auth/sso/saml: this service provider's SAML metadata (entity id and assertion consumer service
 * are this URL), for the identity provider's administrators.
 * POST /auth/sso/saml {SAMLResponse, RelayState}: the HTTP-POST binding, sent by the IdP's page from
 * its own origin (so a resource route, exempt from the cross-site write refusal: decision 292). A
 * verified response sends the browser on to /auth/sso/callback, where its state cookie is checked.
 */
export function loader() {
  return new Response(serviceProviderMetadata(loadEnv().PUBLIC_URL), {
    headers: { 'Content-Type': 'application/samlmetadata+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
}

const MAX_RESPONSE_CHARS = 400_000;

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const samlResponse = form.get('SAMLResponse');
  const relayState = form.get('RelayState');
  if (typeof samlResponse !== 'string' || typeof relayState !== 'string' || !samlResponse || samlResponse.length > MAX_RESPONSE_CHARS || relayState.length > 200) {
    throw redirect('/auth/sso?failed=failed', { status: 303 });
  }
  const accepted = await attempt(() => acceptSamlResponse(getDb(), { samlResponse, relayState }));
  if (!accepted.ok) throw redirect(`/auth/sso?failed=${ssoFailureCode(accepted.error)}`, { status: 303 });
  throw redirect(accepted.value, { status: 303, headers: { 'Cache-Control': 'no-store' } });
}
