import type { LoaderFunctionArgs } from '@remix-run/node';
import { PlaceholderPage } from '~/components/placeholder';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta('Post');

/** /app/post/{postId}: one post with its comments (placeholder). A malformed id is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  if (!/^\d{1,9}$/.test(params.postId ?? '')) throw new Response('Not found', { status: 404 });
  return null;
}

export default function Post() {
  return <PlaceholderPage title="Post" />;
}
