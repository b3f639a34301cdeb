import type { LoaderFunctionArgs } from '@remix-run/node';
import { PlaceholderPage } from '~/components/placeholder';
import { isFeatureOn } from '~/utils/features';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta('Feedback');

/** /app/feedback: Request feedback and Feedback results (placeholder). Behind the feedback flag: off, it is a 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  if (!isFeatureOn('feedback')) throw new Response('Not found', { status: 404 });
  return null;
}

export default function Feedback() {
  return <PlaceholderPage title="Feedback" />;
}
