import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb, readBlob } from '@modules/shared/index.server';

/**
 * GET /blobs/{id}: a stored file with its recorded Content-Type and a long cache (ids are
 * random and never reused). Every blob gets a sandboxing CSP, so opening one directly (an SVG
 * above all) can never run script; only images, video and audio are served inline.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const blob = await readBlob(getDb(), params.blobId ?? '');
  if (!blob) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const headers = new Headers({
    'Content-Type': blob.contentType,
    'Content-Length': String(blob.bytes.byteLength),
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    // Only media a page embeds is shown inline; anything else (should an upload path ever allow it) downloads.
    'Content-Disposition': /^(image|video|audio)\//.test(blob.contentType) ? 'inline' : 'attachment',
    // Opened directly, no stored file can run script (SVG especially); <img>/<video> embedding ignores this.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
  return new Response(new Uint8Array(blob.bytes), { status: 200, headers });
}
