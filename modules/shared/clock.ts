/** Time helpers: one place to reason about days, weeks (7 days) and months (30 days). */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;
export const MONTH = 30 * DAY;

export const now = () => new Date();
export const addMs = (d: Date, ms: number) => new Date(d.getTime() + ms);
