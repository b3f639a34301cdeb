/** The activities module's public surface: activity catalogue, my activities, tasks, completion. */
export { countUncompleted } from './my-activities.server';
