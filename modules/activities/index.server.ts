/**
 * The activities module's public surface: activity catalogue, my activities, tasks, completion.
 * Only names some file outside the module imports (decision 229, tests/integration/module-surface.test.ts).
 */
export {
  countUncompleted,
  uncompletedCountOf,
  listMyActivities,
  loadMyActivities,
  getMyActivity,
  addMyActivity,
  deleteMyActivity,
  completeMyActivityTask,
  getActivityProgress,
  cardStates,
  type MyActivityTask,
} from './my-activities.server';
export { saveTaskAnswers, saveAndCompleteTask, apiInputs, type FieldInput } from './answers.server';
export { answerFileBlobAccess } from './answer-files.server';
export {
  getGlobalActivities,
  getActivityById,
  getActivityNames,
  importActivities,
  seedActivities,
  ActivityImportError,
} from './activity-catalogue.server';
export { listActivityStates } from './activity-states.server';
export { searchActivities } from './search.server';
export { openActivitiesOf } from './open-activities.server';
export {
  saveActivity,
  activityInputSchema,
  activityList,
  listActivitiesForAdmin,
  getAllActivities,
  listSkillChoices,
  ACTIVITY_SAVED,
  type ActivityListRow,
} from './activity-admin.server';
export { activitiesPrivacy } from './privacy';
