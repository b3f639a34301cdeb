import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { NewPasswordPage } from '~/components/new-password-form';
import { newPasswordAction, newPasswordLoader } from '~/utils/new-password.server';

/** /auth/password-create/{token}: the link from the welcome email (password setup). */
export const meta: MetaFunction = () => [{ title: 'Create a password | Leda' }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return newPasswordLoader(request, params.token, 'password-create');
}

export async function action({ request, params }: ActionFunctionArgs) {
  return newPasswordAction(request, params.token, 'password-create');
}

export default function PasswordCreatePage() {
  return <NewPasswordPage title="Create a password" intro="Create a password to start using Leda." submitLabel="Create password" />;
}
