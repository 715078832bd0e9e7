/** Durations in milliseconds, each built from the one before. */

export const MINUTE_MS = 60_000;
/** One 15-minute block: rollup buckets, demand blocks, the range grid. */
export const QUARTER_MS = 15 * MINUTE_MS;
export const HOUR_MS = 60 * MINUTE_MS;
/** 24 hours. A local day lasts 23 or 25 on daylight-saving days: use ZoneClock for days. */
export const DAY_MS = 24 * HOUR_MS;
