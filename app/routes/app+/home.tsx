import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirectToAppHome } from '~/utils/app-shell.server';
import { requireUser } from '~/utils/session.server';

/** /app/home: the same as /app, keeping the query string. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  redirectToAppHome(request, user);
}

export default function AppHome() {
  return null;
}
