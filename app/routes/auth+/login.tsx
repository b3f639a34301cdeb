import type { ReactNode } from 'react';
import type { z } from 'zod';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { Link } from '~/components/link';
import { getDb } from '@modules/shared/index.server';
import { anySsoConfigured, login, ssoOrganisationForEmail } from '@modules/identity/index.server';
import { loginEmailSchema, loginSchema } from '~/utils/form-schemas.server';
import { Field, FormError, LedaForm, useLedaForm } from '~/components/forms';
import { formConstraint, readFormData } from '~/utils/form.server';
import { requireAnonymous, safeRedirectPath, safeThenTo } from '~/utils/session.server';
import { authMeta } from '~/utils/meta';

export const meta = authMeta('Log in');

/**
 * When any organisation signs in with its own identity provider the page asks for the email first
 * (decision 289): a plain GET form back to this page. A company email then gets a link to
 * /auth/sso?email=…, which redirects to its identity provider (a link, not the form: the form
 * cannot end at another site under CSP form-action 'self'); any other email gets the password form.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  const url = new URL(request.url);
  const typed = loginEmailSchema.safeParse({ email: url.searchParams.get('email') ?? '' });
  const email = typed.success ? typed.data.email : null;
  const emailFirst = email === null && (await anySsoConfigured(getDb()));
  const company = email ? await ssoOrganisationForEmail(getDb(), email) : null;
  const thenTo = safeThenTo(url);
  const ssoUrl = company && email ? `/auth/sso?${new URLSearchParams({ email, ...(thenTo ? { thenTo } : {}) })}` : null;
  return { constraint: formConstraint(loginSchema), emailFirst, email, sso: emailFirst || email !== null, ssoUrl, company: company?.name ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['password'] }), { status: 400 });
  }
  const { email, password, thenTo } = submission.value;
  const result = await login(getDb(), { email, password, clientIp: context.clientIp });
  switch (result.status) {
    case 'ok':
      throw redirect(safeRedirectPath(thenTo, result.homePath), { headers: { 'Set-Cookie': result.setCookie } });
    case 'locked':
      throw redirect('/license-expired');
    case 'rate_limited':
      return data(submission.reply({ formErrors: [result.message], hideFields: ['password'] }), { status: 429 });
    case 'invalid':
      return data(submission.reply({ formErrors: [result.message], hideFields: ['password'] }), { status: 400 });
  }
}

export default function LoginPage() {
  const lastResult = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { emailFirst, email, sso, ssoUrl, company } = useLoaderData<typeof loader>();
  const thenTo = params.get('thenTo') ?? '';
  if (emailFirst && !lastResult) {
    return (
      <div className="auth-card">
        <h1>Log in</h1>
        <Form method="get" action="/auth/login">
          <div className="field">
            <label htmlFor="login-email">Email</label>
            <p className="field-hint" id="login-email-hint">
              Enter your email: if your company signs in with its own account, you will go to its sign-in page.
            </p>
            <input id="login-email" name="email" type="email" autoComplete="email" required maxLength={254} aria-describedby="login-email-hint" />
          </div>
          {thenTo ? <input type="hidden" name="thenTo" value={thenTo} /> : null}
          <button type="submit" className="button primary wide">
            Continue
          </button>
        </Form>
        <p className="auth-links">
          <Link to="/auth/password-forgot">Forgot your password?</Link>
        </p>
      </div>
    );
  }
  const anotherEmail = (
    <Link to={thenTo ? `/auth/login?thenTo=${encodeURIComponent(thenTo)}` : '/auth/login'} reloadDocument>
      Use another email
    </Link>
  );
  if (ssoUrl && !lastResult) {
    return (
      <div className="auth-card">
        <h1>Log in</h1>
        <p>
          {company} signs in with its own company account. Continue to your company’s sign-in page, then you will come back to Leda.
        </p>
        <p>
          <Link className="button primary wide" to={ssoUrl} reloadDocument>
            Continue to company sign-in
          </Link>
        </p>
        <p className="auth-links">{anotherEmail}</p>
      </div>
    );
  }
  // Keyed by the typed email: a new email (a client-side navigation) starts a new form with it filled in.
  return <PasswordStep key={email ?? ''} email={email} thenTo={thenTo} anotherEmail={sso ? anotherEmail : null} />;
}

function PasswordStep({ email, thenTo, anotherEmail }: { email: string | null; thenTo: string; anotherEmail: ReactNode }) {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useLedaForm<z.input<typeof loginSchema>>({ lastResult, constraint, defaultValue: email ? { email } : undefined });
  return (
    <div className="auth-card">
      <h1>Log in</h1>
      <LedaForm form={form} method="post">
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="Email" meta={fields.email} type="email" autoComplete="email" />
        <Field label="Password" meta={fields.password} type="password" autoComplete="current-password" />
        {thenTo ? <input type="hidden" name="thenTo" value={thenTo} /> : null}
        <button type="submit" className="button primary wide" disabled={navigation.state === 'submitting'}>
          {navigation.state === 'submitting' ? 'Logging in…' : 'Log in'}
        </button>
      </LedaForm>
      <p className="auth-links">
        <Link to="/auth/password-forgot">Forgot your password?</Link>
        {anotherEmail ? (
          <>
            {' · '}
            {anotherEmail}
          </>
        ) : null}
      </p>
    </div>
  );
}
