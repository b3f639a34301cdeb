import { data, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SsoProblem } from '~/components/sso-problem';
import { getDb } from '@modules/shared/index.server';
import { attempt } from '~/utils/domain-error.server';
import { ssoFailureMessage, startSso } from '@modules/identity/index.server';
import { loginEmailSchema } from '~/utils/form-schemas.server';
import { requireAnonymous, safeThenTo } from '~/utils/session.server';
import { authMeta } from '~/utils/meta';

export const meta = authMeta('Sign in with your company account');

const loginPath = (params: Record<string, string | null>) => {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1]));
  return `/auth/login${q.size ? `?${q}` : ''}`;
};

/**
 * GET /auth/sso?email=…[&thenTo=…]: to the email's company identity provider (decision 289); an email
 * whose domain has no single sign-on goes to the password form. ?failed=<code> shows why a sign-in failed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  const url = new URL(request.url);
  const thenTo = safeThenTo(url);
  if (url.searchParams.has('failed')) return data({ errorMsg: ssoFailureMessage(url.searchParams.get('failed')), thenTo }, { status: 400 });
  const parsed = loginEmailSchema.safeParse({ email: url.searchParams.get('email') ?? '' });
  if (!parsed.success) throw redirect(loginPath({ thenTo }));
  const started = await attempt(() => startSso(getDb(), { email: parsed.data.email, thenTo, clientIp: context.clientIp }));
  // The identity provider's failure is a 502 (a bad gateway), not the error's own status.
  if (!started.ok) return data({ errorMsg: started.error.message, thenTo }, { status: started.error.code === 'rate_limited' ? 429 : 502 });
  if (!started.value) throw redirect(loginPath({ email: parsed.data.email, thenTo }));
  throw redirect(started.value.redirectUrl, { headers: { 'Set-Cookie': started.value.setCookie, 'Cache-Control': 'no-store' } });
}

export default function SsoStartProblem() {
  const { errorMsg, thenTo } = useLoaderData<typeof loader>();
  return <SsoProblem errorMsg={errorMsg} thenTo={thenTo} />;
}
