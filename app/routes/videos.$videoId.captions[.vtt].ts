import type { LoaderFunctionArgs } from '@remix-run/node';
import { boundedInt, getDb } from '@modules/shared/index.server';
import { captionsVtt, getVideoMedia } from '@modules/catalogue/index.server';
import { requireUser } from '~/utils/session.server';

/** /videos/{videoId}/captions.vtt: WebVTT captions written from the chapter's text (signed-in users). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const id = boundedInt(params.videoId);
  const media = id === undefined ? undefined : await getVideoMedia(getDb(), id);
  if (!media) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(captionsVtt(media), {
    headers: { 'Content-Type': 'text/vtt; charset=utf-8', 'Cache-Control': 'private, max-age=3600' },
  });
}
