import { useEffect, useRef } from 'react';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useNavigation, useSubmit } from '@remix-run/react';
import { Link } from '~/components/link';
import { getDb } from '@modules/shared/index.server';
import { attempt, refusal } from '~/utils/domain-error.server';
import { verifyAccount } from '@modules/identity/index.server';
import { requireAnonymous } from '~/utils/session.server';
import { authMeta } from '~/utils/meta';

/**
 * /auth/verify-account/{token}. A GET only shows a 'Verify my account' button: mail scanners
 * open links, and a GET that used the token up would leave the person with a dead link. The
 * POST verifies and signs in. With JavaScript on the page posts itself on mount, so a person
 * sees loading, then their app home (or the failure message) as the spec describes.
 * See docs/decisions/011-verify-account-post.md.
 */
const VERIFY_FAILED_MESSAGE = 'Sorry, something went wrong.';

export const meta = authMeta('Verify your account');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return null;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context);
  const verified = await attempt(() => verifyAccount(getDb(), params.token ?? ''));
  if (!verified.ok) return refusal(verified.error, { failedMessage: VERIFY_FAILED_MESSAGE });
  const outcome = verified.value;
  if (outcome.status === 'locked') throw redirect('/license-expired');
  throw redirect(outcome.homePath, { headers: { 'Set-Cookie': outcome.setCookie } });
}

export default function VerifyAccountPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const started = useRef(false);
  const failedMessage = actionData?.failedMessage ?? null;

  // JavaScript on: verify straight away (once), as the spec's 'loading, then authenticated or failed'.
  useEffect(() => {
    if (started.current || failedMessage || !formRef.current) return;
    started.current = true;
    submit(formRef.current);
  }, [failedMessage, submit]);

  const busy = navigation.state !== 'idle';
  return (
    <div className="auth-card">
      <h1>Verify your account</h1>
      {failedMessage ? (
        <>
          <div className="form-error" role="alert">
            <p>{failedMessage}</p>
          </div>
          <p>The link may have expired or been used already.</p>
          <p className="auth-links">
            <Link to="/auth/login">Go to log in</Link>
          </p>
        </>
      ) : (
        <Form method="post" ref={formRef}>
          <p role="status">{busy ? 'Verifying your account…' : 'Confirm your email address to finish setting up your Leda account.'}</p>
          <button type="submit" className="button primary wide" disabled={busy}>
            {busy ? 'Verifying…' : 'Verify my account'}
          </button>
        </Form>
      )}
    </div>
  );
}
