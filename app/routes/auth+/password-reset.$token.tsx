import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { NewPasswordPage } from '~/components/new-password-form';
import { newPasswordAction, newPasswordLoader } from '~/features/sign-in/new-password.server';
import { authMeta } from '~/utils/meta';

/** /auth/password-reset/{token}: the link from the forgot-password email. */
export const meta = authMeta('Change password');

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return newPasswordLoader(request, context, params.token, 'password-reset');
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return newPasswordAction(request, context, params.token, 'password-reset');
}

export default function PasswordResetPage() {
  return <NewPasswordPage title="Change password" intro="Choose a new password for your Leda account." submitLabel="Change password" />;
}
