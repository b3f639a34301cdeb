import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import type { z } from 'zod';
import { getDb } from '@modules/shared/index.server';
import { FORGOT_PASSWORD_DONE, requestPasswordReset } from '@modules/identity/index.server';
import { forgotPasswordSchema } from '~/utils/form-schemas.server';
import { Field, FormError, LedaForm, useLedaForm } from '~/components/forms';
import { formConstraint, readFormData } from '~/utils/form.server';
import { requireAnonymous } from '~/utils/session.server';
import { authMeta } from '~/utils/meta';

/** /auth/password-forgot: the same answer whether or not the email has an account. */
export const meta = authMeta('Forgot password');

interface ActionData {
  result: SubmissionResult<string[]> | null;
  doneMessage: string | null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return { constraint: formConstraint(forgotPasswordSchema) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: forgotPasswordSchema });
  if (submission.status !== 'success') {
    return data<ActionData>({ result: submission.reply(), doneMessage: null }, { status: 400 });
  }
  await requestPasswordReset(getDb(), { email: submission.value.email, clientIp: context.clientIp });
  return data<ActionData>({ result: null, doneMessage: FORGOT_PASSWORD_DONE });
}

export default function PasswordForgotPage() {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const { constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useLedaForm<z.input<typeof forgotPasswordSchema>>({ lastResult: actionData?.result, constraint });
  const submitting = navigation.state === 'submitting';
  return (
    <div className="auth-card">
      <h1>Forgot your password?</h1>
      {actionData?.doneMessage ? (
        <p className="notice" role="status">
          {actionData.doneMessage}
        </p>
      ) : (
        <>
          <p>Enter the email address you use for Leda and we will send you a link to change your password.</p>
          <LedaForm form={form} method="post">
            <FormError id={form.errorId} errors={form.errors} />
            <Field label="Email" meta={fields.email} type="email" autoComplete="email" />
            <button type="submit" className="button primary wide" disabled={submitting}>
              {submitting ? 'Sending…' : 'Send me a link'}
            </button>
          </LedaForm>
        </>
      )}
      <p className="auth-links">
        <Link to="/auth/login">Back to log in</Link>
      </p>
    </div>
  );
}
