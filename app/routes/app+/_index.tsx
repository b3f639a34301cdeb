import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirectToAppHome } from '~/features/shell/app-shell.server';
import { requireUser } from '~/utils/session.server';

/** /app: the app home (student licence: stories; everyone else: team list), keeping the query string. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  redirectToAppHome(request, user);
}

export default function AppIndex() {
  return null;
}
