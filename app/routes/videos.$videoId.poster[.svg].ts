import type { LoaderFunctionArgs } from '@remix-run/node';
import { boundedInt, getDb } from '@modules/shared/index.server';
import { getVideoMedia, posterSvg } from '@modules/catalogue/index.server';
import { requireUser } from '~/utils/session.server';

/** /videos/{videoId}/poster.svg: the drawn poster of a catalogue video (signed-in users; 404 for an unknown id). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const id = boundedInt(params.videoId);
  const media = id === undefined ? undefined : await getVideoMedia(getDb(), id);
  if (!media) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(posterSvg(media), {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'private, max-age=3600',
      // Opened on its own, the SVG can run nothing.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
