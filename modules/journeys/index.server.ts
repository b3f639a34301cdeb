/** The journeys module's public surface: journeys, steps, step items, user journeys, team schedules. */
import { onEvent } from '@modules/shared/events.server';
import { completeJourneysAfterActivity } from './journeys.server';

export { listPublicJourneys, type PublicJourney } from './public-journeys.server';
export {
  getJourneyForUser,
  startUserJourney,
  listUserJourneys,
  listReadableJourneys,
  JOURNEY_NOT_FOUND,
  JOURNEY_LOCKED,
  JOURNEYS_NOT_IN_LICENCE,
  type JourneyView,
  type JourneyStep,
  type StepItem,
  type UserJourney,
} from './journeys.server';
export { teamJourneysOf, currentJourneysOf, getTeamSchedule, getTeamJourneysPage, getTeamJourneyPanel, setTeamSchedule, type TeamJourneyEntry, type TeamJourneyPanel } from './team-schedule.server';
export { claimUnlockedTeamJourneys, UNLOCK_LOOKBACK_MS, type UnlockedTeamJourney } from './unlock-notices.server';
export { importJourneys, seedJourneys, JourneyImportError } from './import.server';
export { journeyBadgeSvg, journeySummaryPdf, SUMMARY_NOT_EARNED } from './awards.server';
export { listJourneyBadges, type JourneyBadge } from './profile-badges.server';
export { journeysOfSteps } from './step-journeys.server';
export { createCalendarToken, revokeCalendarToken, hasCalendarToken, calendarTokenUser, journeyCalendar } from './calendar.server';
export { stalledJourneysOf, teamWeeksOf, type StalledJourney, type TeamWeek } from './journey-pace.server';
export {
  getTeamJourneyProgress,
  getProgressSegment,
  getTeamJourneyProgressRawData,
  findInsightsTeam,
  requireTeamInsights,
  parseSegmentParam,
  PROGRESS_STATUSES,
  PROGRESS_STATUS_LABEL,
  SEGMENT_USERS_LIMIT,
  type JourneyProgress,
  type ProgressStatus,
  type Segment,
  type InsightsTeam,
} from './insights.server';
export { BREAK_JOURNEY_ID, STEP_STATUS_LABEL, NO_TEAM_JOURNEYS, firstStepToOpen, type StepStatus, type TimelineFilter } from './rules';
export { journeyList, listJourneysForAdmin, getAllJourneys, type AdminJourney } from './journey-admin.server';
export {
  getTeamScheduleEditor,
  listTeamJourneysForAdmin,
  listPickableJourneys,
  saveTeamSchedule,
  createBreak,
  itemsFromInput,
  toInput,
  todayDay,
  teamJourneyInput,
  teamJourneysInput,
  TEAM_NOT_FOUND as SCHEDULE_TEAM_NOT_FOUND,
  UNKNOWN_JOURNEY,
  UNKNOWN_TEAM_JOURNEY,
  type AdminTeamJourney,
  type TeamJourneyInput,
  type ScheduleAudit,
} from './team-schedule-admin.server';
export * from './schedule-chain';

/** Start-up wiring (modules/listeners.server.ts): completing an activity may complete a journey (decision 131). */
export function registerListeners() {
  onEvent('myActivity.completed', 'journeys', (db, fact) => completeJourneysAfterActivity(db, fact));
}
