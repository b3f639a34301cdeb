import type { LoaderFunctionArgs } from '@remix-run/node';
import { blobOwner, getDb, IMAGE_WIDTHS, openBlob } from '@modules/shared/index.server';
import { profilePhotoBlobAccess, type BlobAccess } from '@modules/identity/index.server';
import { postFileBlobAccess } from '@modules/social/index.server';
import { answerFileBlobAccess } from '@modules/activities/index.server';
import { contentImageBlobAccess } from '@modules/catalogue/index.server';
import { getOptionalUser } from '~/utils/session.server';

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });

/**
 * GET /blobs/{id}[?w=<width>]: a stored file, served through the policy of what it belongs to
 * (decision 242): a content's feature image to anyone, cached publicly for a year (ids are random
 * and never reused); a post's file to the post's audience, a profile photo to whoever may view the
 * profile, a task answer's file to its owner and their admins, all `Cache-Control: private`.
 * Anyone else, and files nothing refers to any more (a deleted post's), get 404. `?w=` picks a
 * resized copy of an image (the srcset widths). Every blob gets a sandboxing CSP, so opening one
 * directly (an SVG above all) can never run script; only images, video and audio are served
 * inline; text is always a text/plain download.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const blobId = params.blobId ?? '';
  const w = new URL(request.url).searchParams.get('w');
  const width = w === null ? undefined : (IMAGE_WIDTHS as readonly number[]).find((x) => String(x) === w);
  if (w !== null && width === undefined) return notFound();
  const db = getDb();
  const owner = await blobOwner(db, blobId);
  if (!owner) return notFound();
  const viewer = owner.kind === 'content' ? null : await getOptionalUser(request, context);
  let access: BlobAccess = null;
  switch (owner.kind) {
    case 'content':
      access = await contentImageBlobAccess(db, (await getOptionalUser(request, context)) ?? null, blobId);
      break;
    case 'file':
      access = await postFileBlobAccess(db, viewer ?? null, blobId);
      break;
    case 'profile_photo':
      access = await profilePhotoBlobAccess(db, viewer ?? null, blobId);
      break;
    case 'answer':
      access = await answerFileBlobAccess(db, viewer ?? null, blobId, owner.userId);
      break;
  }
  if (!access) return notFound();
  // Streamed a chunk at a time from the shared store or the local folder (decision 257).
  const blob = await openBlob(db, blobId, width);
  if (!blob) return notFound();
  const isText = blob.contentType.startsWith('text/');
  const headers = new Headers({
    'Content-Type': isText ? 'text/plain; charset=utf-8' : blob.contentType,
    'Content-Length': String(blob.byteSize),
    'Cache-Control': access === 'public' ? 'public, max-age=31536000, immutable' : 'private, max-age=3600',
    'X-Content-Type-Options': 'nosniff',
    // Only media a page embeds is shown inline; anything else (text, PDF) downloads.
    'Content-Disposition': /^(image|video|audio)\//.test(blob.contentType) ? 'inline' : 'attachment',
    // Opened directly, no stored file can run script (SVG especially); <img>/<video> embedding ignores this.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
  if (access === 'private') headers.set('Vary', 'Cookie');
  return new Response(blob.stream, { status: 200, headers });
}
