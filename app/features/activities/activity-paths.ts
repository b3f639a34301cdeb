/** The My Activities paths, for the server and the browser alike (a .server module is empty in the browser). */
export const ACTIVITIES_PATH = '/app/activities';
export const COMPLETED_PATH = '/app/activities/completed-activities';
