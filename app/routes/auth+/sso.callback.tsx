import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SsoProblem } from '~/components/sso-problem';
import { getDb } from '@modules/shared/index.server';
import { attempt, refusal } from '~/utils/domain-error.server';
import { clearSsoStateCookie, finishSso } from '@modules/identity/index.server';
import { safeRedirectPath } from '~/utils/session.server';
import { authMeta } from '~/utils/meta';

export const meta = authMeta('Sign in with your company account');

/**
 * GET /auth/sso/callback: the identity provider's answer (OIDC ?code&state, or the SAML sign-in the
 * POST parked, ?state). The state cookie must match; then the session starts and thenTo is followed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const headers = new Headers({ 'Set-Cookie': clearSsoStateCookie(), 'Cache-Control': 'no-store' });
  const finished = await attempt(() => finishSso(getDb(), { url: new URL(request.url), cookieHeader: request.headers.get('cookie') }));
  if (!finished.ok) return refusal(finished.error, { errorMsg: finished.error.message }, { headers });
  const result = finished.value;
  if (result.status === 'locked') throw redirect('/license-expired', { headers });
  headers.append('Set-Cookie', result.setCookie);
  throw redirect(safeRedirectPath(result.thenTo, result.homePath), { headers });
}

export default function SsoCallbackProblem() {
  const { errorMsg } = useLoaderData<typeof loader>();
  return <SsoProblem errorMsg={errorMsg} />;
}
