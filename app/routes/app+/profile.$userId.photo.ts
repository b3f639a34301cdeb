import type { LoaderFunctionArgs } from '@remix-run/node';
import { boundedInt, getDb } from '@modules/shared/index.server';
import { readProfilePhoto } from '@modules/identity/index.server';
import { attempt } from '~/utils/domain-error.server';
import { requireUser } from '~/utils/session.server';

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * GET /app/profile/{userId}/photo: the profile photo, for whoever may view the profile (its owner,
 * people sharing an organisation or team, product admins); 404 for anyone else or no photo. The
 * page links it with ?v=<photo> so a new photo is a new URL and this one may be cached privately.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const userId = boundedInt(params.userId);
  if (userId === undefined) return notFound();
  const found = await attempt(() => readProfilePhoto(getDb(), user, userId));
  const photo = found.ok ? found.value : null;
  if (!photo) return notFound();
  return new Response(new Uint8Array(photo.bytes), {
    status: 200,
    headers: {
      'Content-Type': photo.contentType,
      'Content-Length': String(photo.bytes.byteLength),
      'Cache-Control': 'private, max-age=86400',
      ETag: `"${photo.blobId}"`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}
