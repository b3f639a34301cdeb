import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { readSessionCookie } from '@modules/identity/index.server';
import { notificationPoll } from '@modules/social/index.server';
import { ACCESS_TOKEN_HEADER, requireApiUser } from '~/utils/session.server';
import { apiError } from '~/utils/api.server';

/**
 * GET /api/notification/poll: the bell's poll (decision 259). An unchanged poll never gets here:
 * the HTTP app answers a matching If-None-Match with 304 before Remix, with no SQL
 * (app/runtime/http-app.server.ts). Here: the count and the newest notifications, with the ETag
 * the next poll sends back. POST is not allowed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireApiUser(request, context);
  const credential = request.headers.get(ACCESS_TOKEN_HEADER) || readSessionCookie(request.headers.get('cookie')) || auth.sessionId;
  const { etag, body } = await notificationPoll(getDb(), auth.user.userId, credential);
  const headers = new Headers({ 'Cache-Control': 'private, no-cache' });
  if (etag) headers.set('ETag', etag);
  return Response.json(body, { headers });
}

export async function action({ request, context }: LoaderFunctionArgs) {
  await requireApiUser(request, context);
  return apiError(405, 'Use GET for this address.');
}
