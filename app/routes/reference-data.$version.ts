import type { LoaderFunctionArgs } from '@remix-run/node';
import { isAccessBlocked } from '@modules/identity/index.server';
import { getVersionedReferenceData } from '@modules/catalogue/index.server';
import { boundedInt, getDb } from '@modules/shared/index.server';
import { getAuth } from '~/utils/session.server';

/**
 * GET /reference-data/{version}: the catalogue's reference data (the `referenceData` of
 * /api/auth/authenticate), served once per catalogue version for the browser to keep
 * (docs/decisions/144). Signed-in learners only (cookie or x-access-token). The current version's
 * answer is immutable (private, one year) with an ETag; an older version redirects to the current
 * one. Kept outside /api so its Cache-Control stands (every /api answer is no-store).
 */
const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const auth = await getAuth(request, context);
  if (!auth || isAccessBlocked(auth.user)) return json({ errorMsg: 'Sign in to load the catalogue.' }, 403);
  const asked = boundedInt(params.version, 0, 999_999_999);
  if (asked === undefined) return json({ errorMsg: 'The catalogue version must be a number.' }, 400);
  const { version, json: text } = await getVersionedReferenceData(getDb());
  if (asked !== version) return new Response(null, { status: 302, headers: { Location: `/reference-data/${version}`, 'Cache-Control': 'no-store' } });
  const etag = `"reference-data-${version}"`;
  const cache = { ETag: etag, 'Cache-Control': 'private, max-age=31536000, immutable', Vary: 'Cookie' };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: cache });
  return new Response(text(), { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', ...cache } });
}
