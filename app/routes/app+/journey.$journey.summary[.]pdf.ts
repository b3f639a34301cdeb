import type { LoaderFunctionArgs } from '@remix-run/node';
import { journeySummaryPdf } from '@modules/journeys/index.server';
import { getDb } from '@modules/shared/index.server';
import { attempt } from '~/utils/domain-error.server';
import { notFound, routeId } from '~/utils/route-params.server';
import { formatLongDate, formatTime, timeZoneFromCookie, zoneLabel } from '~/utils/dates';
import { requireUser } from '~/utils/session.server';

/**
 * /app/journey/{journey}/summary.pdf: the learner's own summary of a journey they completed (a 403 page
 * before that; the 404 page for a journey they may not read).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // Dates through the screens' one formatter, in the viewer's time zone (the tz cookie; UTC without it).
  const timeZone = timeZoneFromCookie(request.headers.get('cookie'));
  const formatDate = (d: Date | string) => `${formatLongDate(d, timeZone)} at ${formatTime(d, timeZone)} (${zoneLabel(timeZone)})`;
  const made = await attempt(() => journeySummaryPdf(getDb(), user, routeId(params.journey), { formatDate, language: 'en-GB' }));
  if (!made.ok) {
    const e = made.error;
    if (e.code === 'forbidden') return new Response(e.message, { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    return notFound();
  }
  const { fileName, bytes } = made.value;
  return new Response(Buffer.from(bytes), {
    headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'private, no-store' },
  });
}
