import type { LoaderFunctionArgs } from '@remix-run/node';
import { PlaceholderPage } from '~/components/placeholder';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta('My Activities');

/** /app/activities: My Activities (placeholder; the optional myActivityId query selects one later). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function MyActivities() {
  return <PlaceholderPage title="My Activities" />;
}
