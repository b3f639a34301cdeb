import type { LoaderFunctionArgs } from '@remix-run/node';
import { PlaceholderPage } from '~/components/placeholder';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta('Help');

/** /app/help: help accordions and Contact us (placeholder). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Help() {
  return <PlaceholderPage title="Help" />;
}
