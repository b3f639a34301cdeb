import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { NewPasswordPage } from '~/components/new-password-form';
import { newPasswordAction, newPasswordLoader } from '~/utils/new-password.server';
import { authMeta } from '~/utils/meta';

/** /auth/password-reset/{token}: the link from the forgot-password email. */
export const meta = authMeta('Change password');

export async function loader({ request, params }: LoaderFunctionArgs) {
  return newPasswordLoader(request, params.token, 'password-reset');
}

export async function action({ request, params }: ActionFunctionArgs) {
  return newPasswordAction(request, params.token, 'password-reset');
}

export default function PasswordResetPage() {
  return <NewPasswordPage title="Change password" intro="Choose a new password for your Leda account." submitLabel="Change password" />;
}
