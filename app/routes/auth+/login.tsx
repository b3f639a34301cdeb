import type { z } from 'zod';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { Link } from '~/components/link';
import { getDb } from '@modules/shared/index.server';
import { login } from '@modules/identity/index.server';
import { loginSchema } from '~/utils/form-schemas.server';
import { Field, FormError, LedaForm, useLedaForm } from '~/components/forms';
import { formConstraint, readFormData } from '~/utils/form.server';
import { requireAnonymous, safeRedirectPath } from '~/utils/session.server';
import { authMeta } from '~/utils/meta';

export const meta = authMeta('Log in');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return { constraint: formConstraint(loginSchema) };
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
  const navigation = useNavigation();
  const { constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useLedaForm<z.input<typeof loginSchema>>({ lastResult, constraint });
  const thenTo = params.get('thenTo') ?? '';
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
      </p>
    </div>
  );
}
