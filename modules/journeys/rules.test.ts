import { describe, expect, it } from 'vitest';
import {
  NO_TEAM_JOURNEYS,
  firstStepToOpen,
  isEntryLocked,
  isJourneyComplete,
  journeyButton,
  journeyListAction,
  matchesFilter,
  readableDate,
  resumeReason,
  summaryWithoutStepList,
  stepStatus,
  teamJourneyPanel,
  teamTimeline,
  type TimelineEntry,
} from './rules';

const NOW = new Date('2026-11-23T12:00:00Z');
const daysFromNow = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
const started = daysFromNow(-3);

describe('step status', () => {
  it('a step with no activities is Finished once the journey is started', () => {
    expect(stepStatus([], started, [])).toBe('completed');
    expect(stepStatus([], null, [])).toBe('unstarted');
  });
  it('completed one of its activities after starting: Finished', () => {
    expect(stepStatus([1, 2], started, [{ sourceActivityId: 2, completedAt: daysFromNow(-1) }])).toBe('completed');
  });
  it('an activity completed before the journey started does not count', () => {
    expect(stepStatus([1], started, [{ sourceActivityId: 1, completedAt: daysFromNow(-10) }])).toBe('unstarted');
  });
  it('an uncompleted copy of one of its activities: In progress', () => {
    expect(stepStatus([1], started, [{ sourceActivityId: 1, completedAt: daysFromNow(-10) }, { sourceActivityId: 1, completedAt: null }])).toBe('inprogress');
  });
  it('other activities do not matter', () => {
    expect(stepStatus([1], started, [{ sourceActivityId: 9, completedAt: NOW }, { sourceActivityId: null, completedAt: null }])).toBe('unstarted');
  });
});

describe('opening a journey', () => {
  it('goes to the first step not finished (in progress before a later unstarted one), else end', () => {
    expect(firstStepToOpen([{ id: 1, status: 'completed' as const }, { id: 2, status: 'inprogress' as const }, { id: 3, status: 'unstarted' as const }])).toEqual({ id: 2, status: 'inprogress' });
    expect(firstStepToOpen([{ id: 1, status: 'inprogress' as const }, { id: 2, status: 'unstarted' as const }])).toEqual({ id: 1, status: 'inprogress' });
    expect(firstStepToOpen([{ id: 1, status: 'completed' as const }, { id: 2, status: 'unstarted' as const }, { id: 3, status: 'inprogress' as const }])).toEqual({ id: 2, status: 'unstarted' });
    expect(firstStepToOpen([{ id: 1, status: 'completed' as const }, { id: 2, status: 'inprogress' as const }])).toEqual({ id: 2, status: 'inprogress' });
    expect(firstStepToOpen([{ id: 1, status: 'completed' as const }])).toBe('end');
  });
  it('says why it opened a step', () => {
    expect(resumeReason([{ status: 'inprogress' }, { status: 'unstarted' }], 0)).toBe('inprogress');
    expect(resumeReason([{ status: 'completed' }, { status: 'unstarted' }], 1)).toBe('next');
    expect(resumeReason([{ status: 'unstarted' }, { status: 'unstarted' }], 0)).toBeNull();
  });
  it('drops the authored step list from the summary and reads dates', () => {
    expect(summaryWithoutStepList('<p>Lead well.</p><p>Over 4 steps you will: one; two.</p>')).toBe('<p>Lead well.</p>');
    expect(readableDate('2026-11-27T22:10:00.000Z')).toBe('27 November 2026');
  });
  it('completes when every step is completed', () => {
    expect(isJourneyComplete(['completed', 'completed'])).toBe(true);
    expect(isJourneyComplete(['completed', 'inprogress'])).toBe(false);
  });
  it('list action: Locked, Start, Continue, View', () => {
    expect(journeyListAction(true, null)).toBe('Locked');
    expect(journeyListAction(false, null)).toBe('Start');
    expect(journeyListAction(false, { completedAt: null })).toBe('Continue');
    expect(journeyListAction(false, { completedAt: NOW })).toBe('View');
  });
});

const entry = (id: number, journeyId: number, scheduledAt: Date | null, unlockedAt: Date | null = null, breakLabel: string | null = null): TimelineEntry => ({
  teamJourneyId: id,
  journeyId,
  scheduledAt,
  unlockedAt,
  breakLabel,
});

describe('team timeline', () => {
  const entries = [entry(1, 1, daysFromNow(-28)), entry(2, 1000, daysFromNow(-14), null, 'Summer break'), entry(3, 2, daysFromNow(-7)), entry(4, 3, daysFromNow(7)), entry(5, 4, null)];
  it('past before now, the latest not in the future is current, unscheduled apart', () => {
    const t = teamTimeline(entries, null, NOW);
    expect(t.scheduled.map((r) => [r.entry.teamJourneyId, r.isPast, r.isCurrent])).toEqual([
      [1, true, false],
      [2, true, false],
      [3, false, true],
      [4, false, false],
    ]);
    expect(t.unscheduled.map((e) => e.teamJourneyId)).toEqual([5]);
  });
  it('a break can be the current entry', () => {
    expect(teamTimeline(entries, null, daysFromNow(-10)).current?.breakLabel).toBe('Summer break');
  });
  it('teamJourneysEndAt in the past makes every entry past and none current', () => {
    const t = teamTimeline(entries, daysFromNow(-1), NOW);
    expect(t.current).toBeNull();
    expect(t.scheduled.every((r) => r.isPast)).toBe(true);
  });
});

describe('locks and buttons', () => {
  it('locked while unlockedAt is in the future for a user who has not started', () => {
    expect(isEntryLocked(daysFromNow(14), false, NOW)).toBe(true);
    expect(isEntryLocked(daysFromNow(14), true, NOW)).toBe(false);
    expect(isEntryLocked(daysFromNow(-14), false, NOW)).toBe(false);
    expect(isEntryLocked(null, false, NOW)).toBe(false);
  });
  it('Start, Continue, Review once completed, hidden when locked', () => {
    expect(journeyButton(true, null)).toBeNull();
    expect(journeyButton(false, null)).toBe('Start');
    expect(journeyButton(false, { completedAt: null })).toBe('Continue');
    expect(journeyButton(false, { completedAt: NOW })).toBe('Review');
  });
  it('filters', () => {
    expect(matchesFilter('all', null)).toBe(true);
    expect(matchesFilter('inprogress', { completedAt: null })).toBe(true);
    expect(matchesFilter('inprogress', { completedAt: NOW })).toBe(false);
    expect(matchesFilter('completed', { completedAt: NOW })).toBe(true);
    expect(matchesFilter('completed', null)).toBe(false);
  });
});

describe('Team Journeys panel', () => {
  it('shows unlocked, not completed journeys; hides locked, completed and breaks', () => {
    const entries = [
      entry(1, 1, daysFromNow(-28)),
      entry(2, 1000, daysFromNow(-14), null, 'Break'),
      entry(3, 2, daysFromNow(-7)),
      entry(4, 3, daysFromNow(14), daysFromNow(14)),
      entry(5, 4, null),
    ];
    const answer = teamJourneyPanel(entries, new Map([[1, { completedAt: daysFromNow(-20) }]]), NOW);
    expect(answer.kind === 'journeys' && answer.entries.map((e) => e.journeyId)).toEqual([2, 4]);
  });
  it('with none left shows the next scheduled journey and its date (unlock weeks ahead)', () => {
    const entries = [entry(1, 1, daysFromNow(-28)), entry(4, 3, daysFromNow(21), daysFromNow(21)), entry(6, 5, daysFromNow(14), daysFromNow(14))];
    const answer = teamJourneyPanel(entries, new Map([[1, { completedAt: daysFromNow(-20) }]]), NOW);
    expect(answer).toEqual({ kind: 'next', entry: entries[2], scheduledAt: daysFromNow(14).toISOString() });
  });
  it("with none at all: 'This team has no Journeys for you to complete right now.'", () => {
    expect(teamJourneyPanel([entry(2, 1000, daysFromNow(-1), null, 'Break')], new Map(), NOW)).toEqual({ kind: 'none', message: NO_TEAM_JOURNEYS });
    expect(NO_TEAM_JOURNEYS).toBe('This team has no Journeys for you to complete right now.');
  });
});
