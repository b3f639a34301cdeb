import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { NotFoundPanel } from '~/components/site-shell';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta('Page not found');

/** Unknown /app/* paths: the 404 panel inside the shell, status 404 (still for signed-in users only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return data({ notFound: true }, { status: 404 });
}

export default function AppNotFound() {
  return <NotFoundPanel />;
}
