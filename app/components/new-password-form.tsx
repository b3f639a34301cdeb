import type { SubmissionResult } from '@conform-to/react';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import type { z } from 'zod';
import type { newPasswordSchema } from '@modules/identity/schemas';
import { Field, FormError, LedaForm, useLedaForm, type FormConstraint } from './forms';

/**
 * The one screen behind /auth/password-reset/{token} ('Change password') and
 * /auth/password-create/{token} ('Create a password'): a password and a confirmation, or,
 * when the link is unknown, used or expired, a clear message with a way to ask for a new one.
 * The loader and action live in app/features/sign-in/new-password.server.ts; this is what they render.
 */
export interface NewPasswordLoaderData {
  expiredMessage: string | null;
  /** The form's constraint, sent while the link is live. */
  constraint?: FormConstraint;
}

export interface NewPasswordActionData {
  result: SubmissionResult<string[]> | null;
  expiredMessage: string | null;
}

export function ExpiredLink({ title, message }: { title: string; message: string }) {
  return (
    <div className="auth-card">
      <h1>{title}</h1>
      <div className="form-error" role="alert">
        <p>{message}</p>
      </div>
      <p>
        <Link to="/auth/password-forgot" className="button primary wide">
          Send me a new link
        </Link>
      </p>
      <p className="auth-links">
        <Link to="/auth/login">Back to log in</Link>
      </p>
    </div>
  );
}

export function NewPasswordPage({ title, intro, submitLabel }: { title: string; intro: string; submitLabel: string }) {
  const loaderData = useLoaderData<NewPasswordLoaderData>();
  const actionData = useActionData<NewPasswordActionData>();
  const navigation = useNavigation();
  const [form, fields] = useLedaForm<z.input<typeof newPasswordSchema>>({ lastResult: actionData?.result, constraint: loaderData?.constraint });
  const expiredMessage = actionData?.expiredMessage ?? loaderData?.expiredMessage ?? null;
  if (expiredMessage) return <ExpiredLink title={title} message={expiredMessage} />;
  const submitting = navigation.state === 'submitting';
  return (
    <div className="auth-card">
      <h1>{title}</h1>
      <p>{intro}</p>
      <LedaForm form={form} method="post">
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="New password" meta={fields.password} type="password" autoComplete="new-password" hint="Between 8 and 64 characters." />
        <Field label="Confirm password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
        <button type="submit" className="button primary wide" disabled={submitting}>
          {submitting ? 'Saving…' : submitLabel}
        </button>
      </LedaForm>
      <p className="auth-links">
        <Link to="/auth/login">Back to log in</Link>
      </p>
    </div>
  );
}
