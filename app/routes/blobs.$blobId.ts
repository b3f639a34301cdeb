import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb, readBlob } from '@modules/shared/index.server';

/**
 * GET /blobs/{id}: a stored file with its recorded Content-Type and a long cache (ids are
 * random and never reused). An SVG also gets a sandboxing CSP, so opening it directly can
 * never run script.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const blob = await readBlob(getDb(), params.blobId ?? '');
  if (!blob) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const headers = new Headers({
    'Content-Type': blob.contentType,
    'Content-Length': String(blob.bytes.byteLength),
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'inline',
  });
  if (blob.contentType === 'image/svg+xml') headers.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  return new Response(new Uint8Array(blob.bytes), { status: 200, headers });
}
