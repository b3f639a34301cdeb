import { describe, expect, it } from 'vitest';
import {
  ALWAYS_UNLOCKED,
  BREAK_ID,
  JOURNEY_ALREADY_SCHEDULED,
  addBreak,
  addJourney,
  chain,
  fromDays,
  layOut,
  move,
  remove,
  setDate,
  setLength,
  setUnlockWeeks,
  toDays,
  toStoredTime,
  unlockedDayOf,
  weeksFromDates,
  zonedInstant,
  type ScheduleItem,
} from './schedule-chain';

const TODAY = '2026-10-20';
const item = (journeyId: number, length: number, scheduledAt: string | null = null): ScheduleItem => ({
  key: `k${journeyId}`,
  teamJourneyId: journeyId * 10,
  journeyId,
  name: `Journey ${journeyId}`,
  isBreak: false,
  breakLabel: null,
  length,
  scheduledAt,
  unlockWeeks: 1,
});
const days = (items: ScheduleItem[]) => items.map((i) => `${i.journeyId}@${i.scheduledAt}+${i.length}`);

/** Three journeys from 20 October, 14 + 14 days: the third crosses into November. */
const base = () => chain([item(1, 14, '2026-10-20'), item(2, 14), item(3, 30)], TODAY);

describe('team schedule chaining', () => {
  it('chains each date from the previous date plus its length, across a month boundary; the last length is 0', () => {
    expect(days(base())).toEqual(['1@2026-10-20+14', '2@2026-11-03+14', '3@2026-11-17+0']);
  });

  it('changing a middle date re-chains every later entry and sets the previous length to the gap', () => {
    const s = setDate(base(), 1, '2026-11-10', TODAY);
    expect(days(s)).toEqual(['1@2026-10-20+21', '2@2026-11-10+14', '3@2026-11-24+0']);
    // Never before the previous entry: the gap is 0 at least.
    expect(days(setDate(base(), 1, '2026-10-01', TODAY))).toEqual(['1@2026-10-20+0', '2@2026-10-20+14', '3@2026-11-03+0']);
  });

  it('changing the first date moves the whole schedule', () => {
    expect(days(setDate(base(), 0, '2026-12-28', TODAY))).toEqual(['1@2026-12-28+14', '2@2027-01-11+14', '3@2027-01-25+0']);
  });

  it('changing a length re-chains later entries; lengths are whole days, never negative', () => {
    expect(days(setLength(base(), 0, 7, TODAY))).toEqual(['1@2026-10-20+7', '2@2026-10-27+14', '3@2026-11-10+0']);
    expect(days(setLength(base(), 0, -3, TODAY))).toEqual(['1@2026-10-20+0', '2@2026-10-20+14', '3@2026-11-03+0']);
  });

  it('moving swaps two entries, keeps the start date and recomputes later dates', () => {
    const s = move(setLength(base(), 1, 7, TODAY), 1, -1, TODAY);
    expect(days(s)).toEqual(['2@2026-10-20+7', '1@2026-10-27+14', '3@2026-11-10+0']);
    expect(days(move(base(), 2, 1, TODAY))).toEqual(days(base()));
  });

  it('removing folds the gap into the previous length so later dates stay; removing the last makes the new last 0', () => {
    expect(days(remove(base(), 1, TODAY))).toEqual(['1@2026-10-20+28', '3@2026-11-17+0']);
    expect(days(remove(base(), 2, TODAY))).toEqual(['1@2026-10-20+14', '2@2026-11-03+0']);
    expect(days(remove(base(), 0, TODAY))).toEqual(['2@2026-11-03+14', '3@2026-11-17+0']);
  });

  it('adding to an empty schedule starts today; later additions append with length 0; no journey twice', () => {
    const one = addJourney([], { journeyId: 4, name: 'Delegating well' }, TODAY);
    expect(days(one)).toEqual(['4@2026-10-20+0']);
    expect(one[0]!.teamJourneyId).toBeNull();
    // The last length is 0, so the new entry starts with it; giving the previous entry a length moves it on.
    const two = setLength(addJourney(setLength(one, 0, 10, TODAY), { journeyId: 5, name: 'Safety' }, TODAY), 0, 10, TODAY);
    expect(days(two)).toEqual(['4@2026-10-20+10', '5@2026-10-30+0']);
    expect(() => addJourney(two, { journeyId: 4, name: 'again' }, TODAY)).toThrow(JOURNEY_ALREADY_SCHEDULED);
    expect(() => addJourney(two, { journeyId: BREAK_ID, name: 'Break' }, TODAY)).toThrow();
  });

  it('breaks are labelled entries with no unlock choice and may repeat', () => {
    let s = setLength(addBreak(base(), 'Winter break', TODAY), 2, 7, TODAY);
    s = setLength(addBreak(s, '', TODAY), 3, 14, TODAY);
    expect(s.slice(3).map((i) => [i.journeyId, i.breakLabel, i.scheduledAt, i.unlockWeeks])).toEqual([
      [BREAK_ID, 'Winter break', '2026-11-24', ALWAYS_UNLOCKED],
      [BREAK_ID, 'Break', '2026-12-08', ALWAYS_UNLOCKED],
    ]);
    expect(unlockedDayOf(s[3]!)).toBeNull();
    expect(setUnlockWeeks(s, 3, 2, TODAY)[3]!.unlockWeeks).toBe(ALWAYS_UNLOCKED);
  });

  it('unlock: scheduledAt minus 7 days per week, or always unlocked; weeks read back are capped at 4', () => {
    const s = setUnlockWeeks(base(), 1, 2, TODAY);
    expect(unlockedDayOf(s[1]!)).toBe('2026-10-20');
    expect(unlockedDayOf(setUnlockWeeks(s, 1, ALWAYS_UNLOCKED, TODAY)[1]!)).toBeNull();
    expect(setUnlockWeeks(s, 1, 9, TODAY)[1]!.unlockWeeks).toBe(4);
    expect(weeksFromDates('2026-11-03T00:00:00Z', '2026-10-20T00:00:00Z')).toBe(2);
    expect(weeksFromDates('2026-11-03T00:00:00Z', '2025-01-01T00:00:00Z')).toBe(4);
    expect(weeksFromDates('2026-11-03T00:00:00Z', '2026-12-01T00:00:00Z')).toBe(0);
    expect(weeksFromDates('2026-11-03T00:00:00Z', null)).toBe(ALWAYS_UNLOCKED);
  });

  it('an unscheduled first entry starts today', () => {
    expect(days(chain([item(1, 3), item(2, 0)], TODAY))).toEqual(['1@2026-10-20+3', '2@2026-10-23+0']);
  });
});

describe('preset layout and post times', () => {
  it('lays out preset journeys from the start day by length and weeks before unlock', () => {
    const s = layOut(
      [
        { journeyId: 1, name: 'One', length: 28, nbWeeksBeforeUnlock: 1, isBreak: false, breakLabel: null },
        { journeyId: 0, name: '', length: 14, nbWeeksBeforeUnlock: 0, isBreak: true, breakLabel: 'Half-term' },
        { journeyId: 2, name: 'Two', length: 28, nbWeeksBeforeUnlock: 4, isBreak: false, breakLabel: null },
      ],
      '2026-10-20',
    );
    expect(days(s)).toEqual(['1@2026-10-20+28', '1000@2026-11-17+14', '2@2026-12-01+0']);
    expect(s.map(unlockedDayOf)).toEqual(['2026-10-13', null, '2026-11-03']);
  });

  it('keeps the wall-clock time across a DST change (Europe/London, 25 October 2026)', () => {
    expect(zonedInstant('2026-10-20', '09:00:00', 'Europe/London').toISOString()).toBe('2026-10-20T08:00:00.000Z');
    expect(zonedInstant('2026-10-30', '09:00:00', 'Europe/London').toISOString()).toBe('2026-10-30T09:00:00.000Z');
    expect(zonedInstant('2026-11-08', '07:30:00', 'America/New_York').toISOString()).toBe('2026-11-08T12:30:00.000Z');
    expect(zonedInstant('2026-11-01', '00:30:00', 'UTC').toISOString()).toBe('2026-11-01T00:30:00.000Z');
  });

  it('durations in days, weeks x7 and months x30; HH:MM gets :00', () => {
    expect([toDays(3, 'days'), toDays(2, 'weeks'), toDays(2, 'months')]).toEqual([3, 14, 60]);
    expect([fromDays(60), fromDays(14), fromDays(3), fromDays(0)]).toEqual([
      { amount: 2, unit: 'months' },
      { amount: 2, unit: 'weeks' },
      { amount: 3, unit: 'days' },
      { amount: 0, unit: 'days' },
    ]);
    expect(toStoredTime('09:05')).toBe('09:05:00');
    expect(toStoredTime('9:5')).toBeNull();
    expect(toStoredTime('24:00')).toBeNull();
  });
});
