/**
 * The team schedule's chaining rules (admin-console s.4) as ONE set of pure functions, shared by
 * the schedule editor in the browser (live re-chaining with JavaScript), its form action (each
 * change a POST without JavaScript) and the server's save (saveTeamSchedule re-chains what it is
 * sent). No database, no zod, no Node APIs here: the browser imports this file.
 *
 * Dates are calendar days 'YYYY-MM-DD' (stored as 00:00 UTC, the way the app shows dates), so
 * adding days never drifts across a DST change (decision 216).
 */
export const BREAK_ID = 1000;
/** 'Always unlocked' in the unlock choice. */
export const ALWAYS_UNLOCKED = 1000;
export const MAX_UNLOCK_WEEKS = 4;
export const UNLOCK_CHOICES = [0, 1, 2, 3, 4, ALWAYS_UNLOCKED] as const;
export const MAX_SCHEDULE_LENGTH = 3650;
export const MAX_SCHEDULE_ENTRIES = 200;
export const JOURNEY_ALREADY_SCHEDULED = 'This journey is already in the team schedule.';

const DAY_MS = 86_400_000;

export interface ScheduleItem {
  /** Stable key for the list (the saved id, or a temporary 'new-n'). */
  key: string;
  /** Null until saved (temporary ids are sent as null). */
  teamJourneyId: number | null;
  journeyId: number;
  name: string;
  isBreak: boolean;
  breakLabel: string | null;
  /** Days until the next entry starts. */
  length: number;
  /** 'YYYY-MM-DD' or null (never scheduled). */
  scheduledAt: string | null;
  /** 0-4 weeks before the scheduled day, or 1000 (always unlocked). Ignored for breaks. */
  unlockWeeks: number;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const isDay = (s: unknown): s is string => typeof s === 'string' && DATE_RE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/** The calendar day (UTC) of an instant. */
export const dayOf = (d: Date | string) => new Date(d).toISOString().slice(0, 10);
export const dayToDate = (day: string) => new Date(`${day}T00:00:00.000Z`);
export function addDays(day: string, days: number): string {
  return dayOf(new Date(dayToDate(day).getTime() + days * DAY_MS));
}
export function daysBetween(from: string, to: string): number {
  return Math.round((dayToDate(to).getTime() - dayToDate(from).getTime()) / DAY_MS);
}

export const clampLength = (n: number) => (Number.isFinite(n) ? Math.min(MAX_SCHEDULE_LENGTH, Math.max(0, Math.floor(n))) : 0);
export function clampWeeks(n: number): number {
  if (n === ALWAYS_UNLOCKED) return ALWAYS_UNLOCKED;
  return Number.isFinite(n) ? Math.min(MAX_UNLOCK_WEEKS, Math.max(0, Math.round(n))) : 0;
}

/** unlockedAt = scheduledAt - 7 days x weeks; null when always unlocked, for a break or when unscheduled. */
export function unlockedDayOf(item: Pick<ScheduleItem, 'isBreak' | 'scheduledAt' | 'unlockWeeks'>): string | null {
  if (item.isBreak || item.scheduledAt === null || item.unlockWeeks === ALWAYS_UNLOCKED) return null;
  return addDays(item.scheduledAt, -7 * clampWeeks(item.unlockWeeks));
}

/** The unlock choice read back from stored dates: no unlockedAt is 'always unlocked'; computed weeks capped at 4. */
export function weeksFromDates(scheduledAt: Date | string | null, unlockedAt: Date | string | null): number {
  if (unlockedAt === null || unlockedAt === undefined) return ALWAYS_UNLOCKED;
  if (scheduledAt === null || scheduledAt === undefined) return 0;
  const weeks = (new Date(scheduledAt).getTime() - new Date(unlockedAt).getTime()) / (7 * DAY_MS);
  return Math.min(MAX_UNLOCK_WEEKS, Math.max(0, Math.round(weeks)));
}

/**
 * The rule itself: the first entry keeps its date (today when it has none), each later entry
 * starts at the previous one's date plus its length, and the last length is 0.
 */
export function chain(items: readonly ScheduleItem[], today: string): ScheduleItem[] {
  const out = items.map((i) => ({ ...i, length: clampLength(i.length), unlockWeeks: i.isBreak ? ALWAYS_UNLOCKED : clampWeeks(i.unlockWeeks) }));
  out.forEach((item, i) => {
    if (i === 0) item.scheduledAt = item.scheduledAt && isDay(item.scheduledAt) ? item.scheduledAt : today;
    else item.scheduledAt = addDays(out[i - 1]!.scheduledAt!, out[i - 1]!.length);
  });
  if (out.length) out[out.length - 1]!.length = 0;
  return out;
}

/** Changing a date: the previous entry's length becomes the gap (never negative), later entries re-chain. */
export function setDate(items: readonly ScheduleItem[], index: number, day: string, today: string): ScheduleItem[] {
  if (!isDay(day) || !items[index]) return chain(items, today);
  const out = items.map((i) => ({ ...i }));
  if (index === 0) out[0]!.scheduledAt = day;
  else {
    const prev = chain(out, today)[index - 1]!;
    out[index - 1]!.length = Math.max(0, daysBetween(prev.scheduledAt!, day));
  }
  return chain(out, today);
}

export function setLength(items: readonly ScheduleItem[], index: number, length: number, today: string): ScheduleItem[] {
  return chain(
    items.map((i, n) => (n === index ? { ...i, length: clampLength(length) } : i)),
    today,
  );
}

export function setUnlockWeeks(items: readonly ScheduleItem[], index: number, weeks: number, today: string): ScheduleItem[] {
  return chain(
    items.map((i, n) => (n === index && !i.isBreak ? { ...i, unlockWeeks: clampWeeks(weeks) } : i)),
    today,
  );
}

export function setBreakLabel(items: readonly ScheduleItem[], index: number, label: string, today: string): ScheduleItem[] {
  return chain(
    items.map((i, n) => (n === index && i.isBreak ? { ...i, breakLabel: label.slice(0, 120), name: label.slice(0, 120) || 'Break' } : i)),
    today,
  );
}

/** Move up (-1) or down (+1): the two swap; the schedule keeps its start date and later dates re-chain. */
export function move(items: readonly ScheduleItem[], index: number, direction: -1 | 1, today: string): ScheduleItem[] {
  const other = index + direction;
  if (!items[index] || !items[other]) return chain(items, today);
  const start = chain(items, today)[0]!.scheduledAt;
  const out = items.map((i) => ({ ...i }));
  [out[index], out[other]] = [out[other]!, out[index]!];
  out[0]!.scheduledAt = start;
  return chain(out, today);
}

/** Removing: the gap is folded into the previous entry's length, so later entries keep their dates. */
export function remove(items: readonly ScheduleItem[], index: number, today: string): ScheduleItem[] {
  if (!items[index]) return chain(items, today);
  const chained = chain(items, today);
  const out = chained.map((i) => ({ ...i }));
  if (index > 0 && index < out.length - 1) out[index - 1]!.length += out[index]!.length;
  out.splice(index, 1);
  return chain(out, today);
}

/** Whether the journey is already in the schedule (breaks may repeat). */
export const hasJourney = (items: readonly ScheduleItem[], journeyId: number) => journeyId !== BREAK_ID && items.some((i) => !i.isBreak && i.journeyId === journeyId);

let seq = 0;
const newKey = () => `new-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/** Appends a journey (length 0) after the last entry, or at the start of today when empty. Throws when already there. */
export function addJourney(items: readonly ScheduleItem[], journey: { journeyId: number; name: string }, today: string, key = newKey()): ScheduleItem[] {
  if (journey.journeyId === BREAK_ID) throw new Error('Choose a journey.');
  if (hasJourney(items, journey.journeyId)) throw new Error(JOURNEY_ALREADY_SCHEDULED);
  return appendItem(items, { key, teamJourneyId: null, journeyId: journey.journeyId, name: journey.name, isBreak: false, breakLabel: null, length: 0, scheduledAt: null, unlockWeeks: 0 }, today);
}

/** Appends a labelled break (no unlock choice). */
export function addBreak(items: readonly ScheduleItem[], label: string, today: string, key = newKey()): ScheduleItem[] {
  const l = label.trim().slice(0, 120);
  return appendItem(items, { key, teamJourneyId: null, journeyId: BREAK_ID, name: l || 'Break', isBreak: true, breakLabel: l || 'Break', length: 0, scheduledAt: null, unlockWeeks: ALWAYS_UNLOCKED }, today);
}

function appendItem(items: readonly ScheduleItem[], item: ScheduleItem, today: string): ScheduleItem[] {
  const chained = chain(items, today);
  const last = chained[chained.length - 1];
  return chain([...chained, { ...item, scheduledAt: last ? addDays(last.scheduledAt!, last.length) : today }], today);
}

/**
 * Lays out preset journeys from a start day: each by its length, unlocked its weeks before
 * (the preset's order; the last length kept as 0 like any schedule).
 */
export function layOut(
  entries: readonly { journeyId: number; name: string; length: number; nbWeeksBeforeUnlock: number; isBreak: boolean; breakLabel: string | null }[],
  startDay: string,
): ScheduleItem[] {
  const items = entries.map(
    (e, n): ScheduleItem => ({
      key: `preset-${n}`,
      teamJourneyId: null,
      journeyId: e.isBreak ? BREAK_ID : e.journeyId,
      name: e.isBreak ? e.breakLabel || 'Break' : e.name,
      isBreak: e.isBreak,
      breakLabel: e.isBreak ? e.breakLabel || 'Break' : null,
      length: e.length,
      scheduledAt: n === 0 ? startDay : null,
      unlockWeeks: e.isBreak ? ALWAYS_UNLOCKED : e.nbWeeksBeforeUnlock,
    }),
  );
  return chain(items, startDay);
}

/** The human label of an unlock choice. */
export const unlockLabel = (weeks: number) =>
  weeks === ALWAYS_UNLOCKED ? 'Always unlocked' : weeks === 0 ? 'On the scheduled day' : `${weeks} week${weeks === 1 ? '' : 's'} before`;

/** Preset post durations: days, weeks (x7) or months (x30). */
export const DURATION_UNITS = { days: 1, weeks: 7, months: 30 } as const;
export type DurationUnit = keyof typeof DURATION_UNITS;
export const toDays = (amount: number, unit: DurationUnit) => Math.max(0, Math.floor(amount)) * DURATION_UNITS[unit];
/** The largest unit that divides the days evenly (for showing a stored scheduledIn back). */
export function fromDays(days: number): { amount: number; unit: DurationUnit } {
  if (days > 0 && days % 30 === 0) return { amount: days / 30, unit: 'months' };
  if (days > 0 && days % 7 === 0) return { amount: days / 7, unit: 'weeks' };
  return { amount: days, unit: 'days' };
}

/** 'HH:MM' entered, 'HH:MM:SS' stored (':00' appended). */
export function toStoredTime(hhmm: string): string | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(hhmm.trim());
  if (!m) return null;
  return `${m[1]}:${m[2]}:${m[3] ?? '00'}`;
}

/**
 * The instant of a wall-clock time on a calendar day in an IANA time zone (Intl only, so the
 * browser can use it too): 09:00 stays 09:00 local across a DST change.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const [h, mi, s] = time.split(':').map(Number) as [number, number, number | undefined];
  const wallAsUtc = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), h, mi, s ?? 0);
  // Two passes: the zone's offset at the guessed instant, then at the corrected one.
  let guess = wallAsUtc;
  for (let i = 0; i < 2; i++) guess = wallAsUtc - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

function offsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
