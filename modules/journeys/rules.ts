/**
 * The journey rules (learner-app s.4) as plain functions of data and a clock: no database here, so
 * every rule is unit-tested with a fixed `now` (rules.test.ts). The module's queries feed them.
 */
export const BREAK_JOURNEY_ID = 1000;

export type StepStatus = 'unstarted' | 'inprogress' | 'completed';
export const STEP_STATUS_LABEL: Record<StepStatus, string> = { unstarted: 'Ready to start', inprogress: 'In progress', completed: 'Finished' };

/** A learner's copy of a catalogue activity, as far as step status needs it. */
export interface ActivityState {
  sourceActivityId: number | null;
  completedAt: Date | string | null;
}

const time = (d: Date | string) => (typeof d === 'string' ? new Date(d).getTime() : d.getTime());

/**
 * Step status: completed when the step has no activities or the user completed any of its
 * activities after starting the journey; in progress when the user holds an uncompleted copy of one
 * of them; otherwise unstarted. Before the journey is started (startedAt null) nothing is completed
 * (decision 171).
 */
export function stepStatus(activityIds: readonly number[], startedAt: Date | string | null, mine: readonly ActivityState[]): StepStatus {
  if (startedAt === null) return 'unstarted';
  if (!activityIds.length) return 'completed';
  const ids = new Set(activityIds);
  const since = time(startedAt);
  const own = mine.filter((m) => m.sourceActivityId !== null && ids.has(m.sourceActivityId));
  if (own.some((m) => m.completedAt !== null && time(m.completedAt) >= since)) return 'completed';
  if (own.some((m) => m.completedAt === null)) return 'inprogress';
  return 'unstarted';
}

/**
 * Opening a journey with no step: the first step not finished (in progress or unstarted), else 'end'.
 * The spec said "the first unstarted, else the first in progress", which skipped a step whose activity
 * was already under way (issue 25); decision 270 replaces that reading.
 */
export function firstStepToOpen<S extends { status: StepStatus }>(steps: readonly S[]): S | 'end' {
  return steps.find((s) => s.status !== 'completed') ?? 'end';
}

/**
 * Why the journey opened on this step (said on the step page): its activity is under way, or it is
 * the first step not yet finished after some that are. Null on a fresh journey's first step.
 */
export type ResumeReason = 'inprogress' | 'next' | null;
export function resumeReason(steps: readonly { status: StepStatus }[], index: number): ResumeReason {
  const step = steps[index];
  if (!step || step.status === 'completed') return null;
  if (step.status === 'inprogress') return 'inprogress';
  return steps.slice(0, index).some((s) => s.status === 'completed') ? 'next' : null;
}

/**
 * The authored summary without its "Over N steps you will: ..." paragraph: the journey pages and the
 * summary PDF list the steps themselves, by their names and in the right tense (decision 270).
 */
export function summaryWithoutStepList(html: string): string {
  return html.replace(/<p>\s*Over \d+ steps you will:[^<]*<\/p>/gi, '').trim();
}

/** A date as people read it: '27 November 2026' (UTC, as the stored day). */
export const readableDate = (d: Date | string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(d));

/** A journey is complete when every step is. */
export const isJourneyComplete = (statuses: readonly StepStatus[]) => statuses.every((s) => s === 'completed');

export type JourneyListAction = 'Locked' | 'Start' | 'Continue' | 'View';
/** Journey list action: Locked if locked, Start with no user journey, Continue in progress, View completed. */
export function journeyListAction(isLocked: boolean, userJourney: { completedAt: Date | string | null } | null | undefined): JourneyListAction {
  if (isLocked) return 'Locked';
  if (!userJourney) return 'Start';
  return userJourney.completedAt ? 'View' : 'Continue';
}

/** A team entry is locked for a user who has not started the journey while its unlockedAt is in the future. */
export function isEntryLocked(unlockedAt: Date | string | null, started: boolean, now: Date): boolean {
  return !started && unlockedAt !== null && time(unlockedAt) > now.getTime();
}

/**
 * Journey button on the team page: Start with no progress, Continue with progress, Review once
 * completed (issue 25: a completed journey no longer says Continue), none when locked.
 */
export function journeyButton(locked: boolean, userJourney: { completedAt: Date | string | null } | null | undefined): 'Start' | 'Continue' | 'Review' | null {
  if (locked) return null;
  if (!userJourney) return 'Start';
  return userJourney.completedAt ? 'Review' : 'Continue';
}

export interface TimelineEntry {
  teamJourneyId: number;
  journeyId: number;
  scheduledAt: Date | string | null;
  unlockedAt: Date | string | null;
  breakLabel: string | null;
}

export const isBreak = (e: Pick<TimelineEntry, 'journeyId' | 'breakLabel'>) => e.journeyId === BREAK_JOURNEY_ID || e.breakLabel !== null;

/**
 * Team timeline: scheduled entries sorted by date; an entry is past if its date is before now or the
 * team's journeys end date has passed; the current entry is the latest scheduled one not in the
 * future (unless the schedule has ended); unscheduled entries are a plain list.
 */
export function teamTimeline<E extends TimelineEntry>(entries: readonly E[], teamJourneysEndAt: Date | string | null, now: Date) {
  const ended = teamJourneysEndAt !== null && time(teamJourneysEndAt) < now.getTime();
  const scheduled = entries.filter((e) => e.scheduledAt !== null).sort((a, b) => time(a.scheduledAt!) - time(b.scheduledAt!) || a.teamJourneyId - b.teamJourneyId);
  const started = scheduled.filter((e) => time(e.scheduledAt!) <= now.getTime());
  const current = ended ? null : (started[started.length - 1] ?? null);
  const rows = scheduled.map((entry) => ({
    entry,
    isCurrent: entry === current,
    isPast: entry !== current && (ended || time(entry.scheduledAt!) < now.getTime()),
  }));
  return { scheduled: rows, current, unscheduled: entries.filter((e) => e.scheduledAt === null), ended };
}

export type PanelAnswer<E> =
  | { kind: 'journeys'; entries: E[] }
  | { kind: 'next'; entry: E; scheduledAt: string }
  | { kind: 'none'; message: string };

export const NO_TEAM_JOURNEYS = 'This team has no Journeys for you to complete right now.';

/**
 * Team Journeys panel: entries that are unlocked (for this user), scheduled or unscheduled and not
 * completed; locked, completed and breaks (journey 1000) are hidden. With none left: the next
 * scheduled journey and its start date; with none at all the 'no Journeys' message.
 */
export function teamJourneyPanel<E extends TimelineEntry>(
  entries: readonly E[],
  userJourneys: ReadonlyMap<number, { completedAt: Date | string | null }>,
  now: Date,
): PanelAnswer<E> {
  const journeys = entries.filter((e) => !isBreak(e));
  const open = journeys.filter((e) => {
    const uj = userJourneys.get(e.journeyId);
    return !uj?.completedAt && !isEntryLocked(e.unlockedAt, !!uj, now);
  });
  if (open.length) return { kind: 'journeys', entries: open };
  const next = journeys
    .filter((e) => e.scheduledAt !== null && time(e.scheduledAt) > now.getTime() && !userJourneys.get(e.journeyId)?.completedAt)
    .sort((a, b) => time(a.scheduledAt!) - time(b.scheduledAt!))[0];
  if (next) return { kind: 'next', entry: next, scheduledAt: new Date(next.scheduledAt!).toISOString() };
  return { kind: 'none', message: NO_TEAM_JOURNEYS };
}

/** Timeline filters of the team journeys page. */
export type TimelineFilter = 'all' | 'inprogress' | 'completed';
export function matchesFilter(filter: TimelineFilter, userJourney: { completedAt: Date | string | null } | null | undefined): boolean {
  if (filter === 'inprogress') return !!userJourney && !userJourney.completedAt;
  if (filter === 'completed') return !!userJourney?.completedAt;
  return true;
}
