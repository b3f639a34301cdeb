/** The activities module's public surface: activity catalogue, my activities, tasks, completion. */
export {
  countUncompleted,
  listMyActivities,
  loadMyActivities,
  getMyActivity,
  addMyActivity,
  deleteMyActivity,
  completeMyActivityTask,
  getActivityProgress,
  hasCompletedAnySince,
  cardStates,
  type MyActivity,
  type MyActivitySummary,
  type MyActivityTask,
  type MyActivityTaskField,
  type CompleteResult,
  type CompletionOutcome,
} from './my-activities.server';
export { saveTaskAnswers, saveAndCompleteTask, apiInputs, sanitizeAnswerHtml, type FieldInput } from './answers.server';
export {
  getGlobalActivities,
  getActivityById,
  getActivityNames,
  importActivities,
  seedActivities,
  ActivityImportError,
  type Activity,
  type ActivitySummary,
} from './activity-catalogue.server';
export { listActivityStates } from './activity-states.server';
export { openActivitiesOf } from './open-activities.server';
export {
  saveActivity,
  activityInputSchema,
  saveActivityBody,
  activityList,
  listActivitiesForAdmin,
  getAllActivities,
  listSkillChoices,
  ACTIVITY_SAVED,
  BOUND_HINT,
  MAX_TASKS,
  MAX_FIELDS,
  MAX_OPTIONS,
  type ActivityInput,
  type ValidActivity,
  type ActivityListRow,
} from './activity-admin.server';
