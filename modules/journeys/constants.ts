/**
 * Browser-safe values and pure functions of the journeys module (no zod, no database): the team
 * schedule's chaining rules, shared by the admin schedule editor in the browser and the server.
 */
export * from './schedule-chain';
