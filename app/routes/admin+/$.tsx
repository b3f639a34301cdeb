import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { NotFoundPanel } from '~/components/site-shell';
import { requireProductAdmin } from '~/utils/session.server';

export const meta: MetaFunction = () => [{ title: 'Page not found | Leda Admin' }];

/** Any /admin path without a screen of its own: a real 404 inside the admin layout (product admins only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return <NotFoundPanel />;
}
