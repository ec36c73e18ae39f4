// Dates as the business sees them: Lagos time (West Africa Time), UTC+1 all year, no daylight saving.

export const LAGOS_OFFSET_MS = 3_600_000;

/** The Lagos calendar day of `now` (a Date or ms since epoch; default: the present), `YYYY-MM-DD`. */
export const lagosToday = (now: Date | number = Date.now()): string =>
  new Date(+now + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

/** The Lagos calendar month of `now` (a Date or ms since epoch; default: the present), `YYYY-MM`. */
export const lagosMonth = (now: Date | number = Date.now()): string => lagosToday(now).slice(0, 7);
