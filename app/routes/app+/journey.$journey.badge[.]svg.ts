import type { LoaderFunctionArgs } from '@remix-run/node';
import { getJourneyForUser, journeyBadgeSvg } from '@modules/journeys/index.server';
import { getDb } from '@modules/shared/index.server';
import { orNotFoundPage } from '~/utils/domain-error.server';
import { routeId } from '~/utils/route-params.server';
import { requireUser } from '~/utils/session.server';

/** /app/journey/{journey}/badge.svg: the journey's badge, for a learner who may read the journey. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const journey = await orNotFoundPage(() => getJourneyForUser(getDb(), user, routeId(params.journey)));
  return new Response(journeyBadgeSvg(journey), {
    headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'private, max-age=3600', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" },
  });
}
