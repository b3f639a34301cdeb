import { z } from 'zod';
import { idSchema } from '@modules/shared/index.server';
import {
  addBreak,
  addJourney,
  chain,
  clampWeeks,
  isDay,
  move,
  remove,
  setBreakLabel,
  setDate,
  setLength,
  setUnlockWeeks,
  MAX_SCHEDULE_ENTRIES,
  type ScheduleItem,
} from '@modules/journeys/index.server';

/**
 * The schedule editor's form without JavaScript (decision 217): the draft schedule travels in the
 * form (hidden fields plus the visible date, length and unlock inputs, each with its previous value),
 * so every button is a POST that re-renders the recomputed schedule with the same pure rules the
 * browser runs live. Nothing is stored until Save.
 */

export const SCHEDULE_SAVED = 'Team saved.';
export const SCHEDULE_SAVE_FAILED = 'error while saving team';

const num = (v: FormDataEntryValue | null, fallback: number) => {
  const n = Number(typeof v === 'string' && v.trim() !== '' ? v : NaN);
  return Number.isFinite(n) ? n : fallback;
};
const str = (v: FormDataEntryValue | null, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

/** Reads the draft from the form and applies what the admin typed (dates, lengths, unlocks, labels). */
export function readDraft(form: FormData, today: string): ScheduleItem[] {
  const count = Math.min(MAX_SCHEDULE_ENTRIES, Math.max(0, Math.floor(num(form.get('count'), 0))));
  let items: ScheduleItem[] = [];
  const typed: { length: number; prevLength: number; date: string; prevDate: string; weeks: number; label: string }[] = [];
  for (let n = 0; n < count; n++) {
    const f = (k: string) => form.get(`i${n}.${k}`);
    const journeyId = idSchema.safeParse(f('journeyId'));
    if (!journeyId.success) continue;
    const tj = idSchema.safeParse(f('teamJourneyId'));
    const isBreak = f('isBreak') === 'true';
    const prevLength = num(f('prevLength'), 0);
    const prevDate = str(f('prevScheduledAt'), 10);
    items.push({
      key: str(f('key'), 40) || `new-${n}`,
      teamJourneyId: tj.success ? tj.data : null,
      journeyId: journeyId.data,
      name: str(f('name'), 250),
      isBreak,
      breakLabel: isBreak ? str(f('prevBreakLabel'), 120) || 'Break' : null,
      length: prevLength,
      scheduledAt: isDay(prevDate) ? prevDate : null,
      unlockWeeks: isBreak ? 1000 : clampWeeks(num(f('unlockWeeks'), 0)),
    });
    typed.push({ length: num(f('length'), prevLength), prevLength, date: str(f('scheduledAt'), 10), prevDate, weeks: num(f('unlockWeeks'), 0), label: str(f('breakLabel'), 120) });
  }
  items = chain(items, today);
  typed.forEach((t, n) => {
    if (t.length !== t.prevLength) items = setLength(items, n, t.length, today);
    if (isDay(t.date) && t.date !== t.prevDate) items = setDate(items, n, t.date, today);
    if (items[n]?.isBreak && t.label !== items[n]!.breakLabel) items = setBreakLabel(items, n, t.label, today);
    if (items[n] && !items[n]!.isBreak) items = setUnlockWeeks(items, n, t.weeks, today);
  });
  return items;
}

export const scheduleIntent = z.union([
  z.enum(['recalc', 'save', 'add', 'addBreak', 'apply-preset']),
  z.string().regex(/^(up|down|remove):\d{1,3}$/),
]);

/** Applies an editing button to the draft; a rule broken (a journey twice) is the error shown. */
export function applyIntent(
  items: ScheduleItem[],
  intent: string,
  form: FormData,
  today: string,
  journeys: readonly { journeyId: number; name: string }[],
): { items: ScheduleItem[]; error?: string } {
  const [verb, at] = intent.split(':') as [string, string | undefined];
  const n = Number(at);
  if (verb === 'up') return { items: move(items, n, -1, today) };
  if (verb === 'down') return { items: move(items, n, 1, today) };
  if (verb === 'remove') return { items: remove(items, n, today) };
  if (verb === 'addBreak') return { items: addBreak(items, str(form.get('breakName'), 120), today) };
  if (verb === 'add') {
    const id = idSchema.safeParse(form.get('addJourneyId'));
    const journey = id.success ? journeys.find((j) => j.journeyId === id.data) : undefined;
    if (!journey) return { items, error: 'Choose a journey to add.' };
    try {
      return { items: addJourney(items, journey, today) };
    } catch (e) {
      return { items, error: e instanceof Error ? e.message : 'Choose a journey to add.' };
    }
  }
  return { items };
}
