import type { LoaderFunctionArgs } from '@remix-run/node';
import { PlaceholderPage } from '~/components/placeholder';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta('Profile');

/** /app/profile/{userId}: another user's profile (placeholder). A malformed id is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  if (!/^\d{1,9}$/.test(params.userId ?? '')) throw new Response('Not found', { status: 404 });
  return null;
}

export default function Profile() {
  return <PlaceholderPage title="Profile" />;
}
