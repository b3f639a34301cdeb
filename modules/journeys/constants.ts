/**
 * Browser-safe values and pure functions of the journeys module (no zod, no database): the team
 * schedule's chaining rules, shared by the admin schedule editor in the browser and the server.
 */
export {
  setDate,
  setLength,
  setUnlockWeeks,
  setBreakLabel,
  move,
  remove,
  addJourney,
  addBreak,
  unlockedDayOf,
  toStoredTime,
  unlockLabel,
  toDays,
  fromDays,
  UNLOCK_CHOICES,
  DURATION_UNITS,
  type DurationUnit,
  type ScheduleItem,
} from './schedule-chain';
