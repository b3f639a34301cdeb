import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { NewPasswordPage } from '~/components/new-password-form';
import { newPasswordAction, newPasswordLoader } from '~/features/sign-in/new-password.server';
import { authMeta } from '~/utils/meta';

/** /auth/password-create/{token}: the link from the welcome email (password setup). */
export const meta = authMeta('Create a password');

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return newPasswordLoader(request, context, params.token, 'password-create');
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return newPasswordAction(request, context, params.token, 'password-create');
}

export default function PasswordCreatePage() {
  return <NewPasswordPage title="Create a password" intro="Create a password to start using Leda." submitLabel="Create password" />;
}
