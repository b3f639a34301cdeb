/**
 * The journeys module's public surface: journeys, steps, step items, user journeys, team schedules.
 * Only names some file outside the module imports (decision 229, tests/integration/module-surface.test.ts).
 */
import { onEvent } from '@modules/shared/events.server';
import { completeJourneysAfterActivity } from './journeys.server';

export { listPublicJourneys } from './public-journeys.server';
export { getJourneyForUser, getJourneyWithCopies, startUserJourney, listUserJourneys, listReadableJourneys, type JourneyView, type ActivityCopy } from './journeys.server';
export { teamJourneysOfUser, currentJourneysOf, currentJourneysFrom, scheduledEntriesOfUser, getTeamJourneysPage, getTeamJourneyPanel, setTeamSchedule, type TeamJourneyEntry } from './team-schedule.server';
export { claimUnlockedTeamJourneys } from './unlock-notices.server';
export { importJourneys, seedJourneys, JourneyImportError } from './import.server';
export { journeyBadgeSvg, journeySummaryPdf } from './awards.server';
export { listJourneyBadges } from './profile-badges.server';
export { searchJourneys } from './search.server';
export { homeTeamJourneys, listMyJourneys, type JourneyProgressCard } from './learner-journeys.server';
export { journeysOfSteps } from './step-journeys.server';
export { createCalendarToken, revokeCalendarToken, hasCalendarToken, calendarTokenUser, journeyCalendar } from './calendar.server';
export { stalledJourneysOf, teamWeeksOf, type StalledJourney, type TeamWeek } from './journey-pace.server';
export {
  getTeamJourneyProgress,
  getProgressSegment,
  getTeamJourneyProgressRawData,
  requireTeamInsights,
  parseSegmentParam,
  SEGMENT_USERS_LIMIT,
  type JourneyProgress,
  type ProgressStatus,
  type Segment,
} from './insights.server';
export { getTeamLearnerProgress, completionRate, learnerProgressCsv } from './learner-progress.server';
export { BREAK_JOURNEY_ID, firstStepToOpen, resumeReason, summaryWithoutStepList, readableDate } from './rules';
export { journeyList, listJourneysForAdmin, getAllJourneys } from './journey-admin.server';
export {
  getTeamScheduleEditor,
  listTeamJourneysForAdmin,
  listPickableJourneys,
  saveTeamSchedule,
  createBreak,
  toInput,
  todayDay,
  teamJourneysInput,
  type AdminTeamJourney,
  type TeamJourneyInput,
} from './team-schedule-admin.server';
export {
  addDays,
  clampWeeks,
  chain,
  setDate,
  setLength,
  setUnlockWeeks,
  setBreakLabel,
  move,
  remove,
  addJourney,
  addBreak,
  layOut,
  toStoredTime,
  zonedInstant,
  isTimeZone,
  isDay,
  unlockLabel,
  ALWAYS_UNLOCKED,
  UNLOCK_CHOICES,
  MAX_SCHEDULE_LENGTH,
  MAX_SCHEDULE_ENTRIES,
  type ScheduleItem,
} from './schedule-chain';

/** Start-up wiring (modules/listeners.server.ts): completing an activity may complete a journey (decision 131). */
export function registerListeners() {
  onEvent('myActivity.completed', 'journeys', (db, fact) => completeJourneysAfterActivity(db, fact));
}
export { journeysPrivacy } from './privacy';
