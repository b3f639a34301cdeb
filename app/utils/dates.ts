/**
 * The one date formatter of the screens (issue 25 s.2, issue 30 s.3), for the server and the browser
 * alike. It takes the viewer's time zone; Intl is asked only for the numbers of a date in that zone
 * (formatToParts with numeric fields is the same in Node's and Chromium's ICU), and the words are ours,
 * so a server render and the browser's hydration agree.
 *
 * learner-app s.9: recent dates show the same day as 'ago', yesterday as calendar, within 3 days the
 * weekday and time, else day, month and time. Short date DD/MM/YY; input date YYYY-MM-DD.
 */
export const UTC = 'UTC';
export const TIME_ZONE_COOKIE = 'tz';

type DateLike = Date | string | number | null | undefined;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad = (n: number) => String(n).padStart(2, '0');

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** An IANA zone name this runtime knows (at most 64 characters), else UTC. */
export function validTimeZone(zone: string | null | undefined): string {
  if (!zone || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return UTC;
  try {
    formatterFor(zone);
    return zone;
  } catch {
    return UTC;
  }
}

export function toDate(value: DateLike): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export interface ZonedParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  weekday: number; // 0 Sunday
  /** Days since 1970-01-01 of the calendar day in the zone: compares days across months. */
  dayNumber: number;
}

/** A date's calendar fields in a time zone. */
export function zonedParts(date: Date, timeZone: string = UTC): ZonedParts {
  let year: number, month: number, day: number, hour: number, minute: number;
  if (timeZone === UTC) {
    year = date.getUTCFullYear();
    month = date.getUTCMonth() + 1;
    day = date.getUTCDate();
    hour = date.getUTCHours();
    minute = date.getUTCMinutes();
  } else {
    const parts: Record<string, number> = {};
    for (const p of formatterFor(validTimeZone(timeZone)).formatToParts(date)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
    year = parts.year ?? 1970;
    month = parts.month ?? 1;
    day = parts.day ?? 1;
    hour = (parts.hour ?? 0) % 24;
    minute = parts.minute ?? 0;
  }
  const dayNumber = Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
  return { year, month, day, hour, minute, weekday: new Date(dayNumber * 86_400_000).getUTCDay(), dayNumber };
}

/** DD/MM/YY (the spec's short date). */
export function formatShortDate(value: DateLike, timeZone: string = UTC): string {
  const d = toDate(value);
  if (!d) return '';
  const p = zonedParts(d, timeZone);
  return `${pad(p.day)}/${pad(p.month)}/${pad(p.year % 100)}`;
}

/** HH:MM, 24-hour. */
export function formatTime(value: DateLike, timeZone: string = UTC): string {
  const d = toDate(value);
  if (!d) return '';
  const p = zonedParts(d, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** DD/MM/YY HH:MM: tables and places where a full stamp is wanted. */
export function formatDateTime(value: DateLike, timeZone: string = UTC): string {
  const d = toDate(value);
  return d ? `${formatShortDate(d, timeZone)} ${formatTime(d, timeZone)}` : '';
}

/** "3 November 2026": profile badges, summaries, the PDF. */
export function formatLongDate(value: DateLike, timeZone: string = UTC): string {
  const d = toDate(value);
  if (!d) return '';
  const p = zonedParts(d, timeZone);
  return `${p.day} ${LONG_MONTHS[p.month - 1]} ${p.year}`;
}

/** "3 Nov 2026" for a calendar day given as YYYY-MM-DD (no zone: it is a day, not an instant). */
export function formatDay(isoDay: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  if (!m) return '';
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
}

/**
 * The recent-date display: "just now", "5 minutes ago", "3 hours ago" the same day; "Yesterday at
 * 14:05"; "Monday at 14:05" within 3 days; else "3 Nov at 14:05" ("3 Nov 2025 at 14:05" in another
 * year). A future time (a scheduled post) reads "Today at", "Tomorrow at", or the date.
 */
export function formatRelative(value: DateLike, opts: { now?: DateLike; timeZone?: string } = {}): string {
  const d = toDate(value);
  if (!d) return '';
  const now = toDate(opts.now) ?? new Date();
  const tz = validTimeZone(opts.timeZone);
  const p = zonedParts(d, tz);
  const n = zonedParts(now, tz);
  const time = `${pad(p.hour)}:${pad(p.minute)}`;
  const days = n.dayNumber - p.dayNumber;
  const ms = now.getTime() - d.getTime();
  if (days === 0) {
    if (ms < 0) return `Today at ${time}`;
    const minutes = Math.floor(ms / 60_000);
    if (minutes < 1) return 'just now';
    if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
    const hours = Math.floor(minutes / 60);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  }
  if (days === 1) return `Yesterday at ${time}`;
  if (days === -1) return `Tomorrow at ${time}`;
  if (days > 1 && days <= 3) return `${WEEKDAYS[p.weekday]} at ${time}`;
  return `${p.day} ${MONTHS[p.month - 1]}${p.year === n.year ? '' : ` ${p.year}`} at ${time}`;
}

/** The zone's short label for a title attribute ("UTC" or the IANA name). */
export const zoneLabel = (timeZone: string) => (timeZone === UTC ? 'UTC' : timeZone.replace(/_/g, ' '));

/** The viewer's zone as the browser knows it (browser code only); UTC where Intl cannot say. */
export function browserTimeZone(): string {
  try {
    return validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return UTC;
  }
}

/** The time zone cookie's value from a Cookie header (validated; UTC when absent or unknown). */
export function timeZoneFromCookie(cookieHeader: string | null | undefined): string {
  if (!cookieHeader) return UTC;
  const m = /(?:^|;\s*)tz=([^;]*)/.exec(cookieHeader);
  if (!m) return UTC;
  try {
    return validTimeZone(decodeURIComponent(m[1]!));
  } catch {
    return UTC;
  }
}
