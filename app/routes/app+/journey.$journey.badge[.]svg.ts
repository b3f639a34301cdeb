import type { LoaderFunctionArgs } from '@remix-run/node';
import { getJourneyForUser, journeyBadgeSvg } from '@modules/journeys/index.server';
import { getDb, isDomainError } from '@modules/shared/index.server';
import { notFound, routeId } from '~/utils/route-params.server';
import { requireUser } from '~/utils/session.server';

/** /app/journey/{journey}/badge.svg: the journey's badge, for a learner who may read the journey. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const journey = await getJourneyForUser(getDb(), user, routeId(params.journey)).catch((e) => (isDomainError(e) ? notFound() : Promise.reject(e)));
  return new Response(journeyBadgeSvg(journey), {
    headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'private, max-age=3600', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" },
  });
}
