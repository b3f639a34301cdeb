import type { LoaderFunctionArgs } from '@remix-run/node';
import { PlaceholderPage } from '~/components/placeholder';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta('Completed Activities');

/** /app/activities/completed-activities: completed activities (placeholder). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function CompletedActivities() {
  return <PlaceholderPage title="Completed Activities" />;
}
