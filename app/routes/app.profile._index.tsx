import type { LoaderFunctionArgs } from '@remix-run/node';
import { PlaceholderPage } from '~/components/placeholder';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta('My profile');

/** /app/profile: the current user's profile (placeholder). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function MyProfile() {
  return <PlaceholderPage title="My profile" />;
}
