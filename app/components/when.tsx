import { createContext, useContext, useEffect, useState } from 'react';
import { useRouteLoaderData } from '@remix-run/react';
import { browserTimeZone, formatDateTime, formatLongDate, formatRelative, formatShortDate, toDate, UTC, zoneLabel } from '~/utils/dates';

/**
 * The viewer's clock for <When>: the time zone (the `tz` cookie the browser sets, decision 279) and
 * the request's "now", both from the root loader, so the server's render and the hydration agree.
 * After hydration the browser's own zone and clock take over (and tick each minute).
 */
interface Clock {
  timeZone: string;
  now: string;
}
const ClockContext = createContext<Clock | null>(null);
export const ClockProvider = ClockContext.Provider;

function useServerClock(): Clock {
  const ctx = useContext(ClockContext);
  const root = useRouteLoaderData('root') as { timeZone?: string; now?: string } | undefined;
  return ctx ?? { timeZone: root?.timeZone ?? UTC, now: root?.now ?? new Date().toISOString() };
}

/** The viewer's clock: the server's until hydrated, then the browser's. */
export function useViewerClock(): Clock {
  const server = useServerClock();
  const [client, setClient] = useState<Clock | null>(null);
  useEffect(() => {
    const tick = () => setClient({ timeZone: browserTimeZone(), now: new Date().toISOString() });
    tick();
    const id = window.setInterval(tick, 60_000);
    return () => window.clearInterval(id);
  }, []);
  return client ?? server;
}

/**
 * A date as people read it: relative ("5 minutes ago", "Yesterday at 14:05", "Monday at 09:30") by
 * default, or `format="date"` (DD/MM/YY), `"datetime"`, `"long"`. The full date and zone are in the
 * title; the machine-readable instant in dateTime.
 */
export function When({ value, format = 'relative', prefix }: { value: string | Date | null | undefined; format?: 'relative' | 'date' | 'datetime' | 'long'; prefix?: string }) {
  const { timeZone, now } = useViewerClock();
  const d = toDate(value);
  if (!d) return null;
  const text =
    format === 'date'
      ? formatShortDate(d, timeZone)
      : format === 'datetime'
        ? formatDateTime(d, timeZone)
        : format === 'long'
          ? formatLongDate(d, timeZone)
          : formatRelative(d, { now, timeZone });
  return (
    <time dateTime={d.toISOString()} title={`${formatDateTime(d, timeZone)} (${zoneLabel(timeZone)})`}>
      {prefix}
      {text}
    </time>
  );
}

/**
 * Sets the `tz` cookie to the browser's zone when it is missing or different, so the next page the
 * server renders uses it. No reload and no request: the page in hand already shows the browser's zone
 * through <When>.
 */
export const TIME_ZONE_SCRIPT =
  "try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z&&document.cookie.indexOf('tz='+encodeURIComponent(z))<0)document.cookie='tz='+encodeURIComponent(z)+';path=/;max-age=31536000;samesite=lax'}catch(e){}";
