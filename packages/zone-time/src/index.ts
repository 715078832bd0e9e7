/**
 * Time in a factory's zone, one module for the server and the client:
 * duration constants, the runtime's time-zone database read through Intl (DST
 * included), calendar arithmetic on "civil" times, the ZoneClock the monitor
 * queries walk ranges with, the simulator's local clock, and what a page needs
 * (the factory's time base and skew, wall clocks written with a date pattern,
 * UTC offsets as text). Instants are epoch milliseconds; a civil time is a
 * local date and wall-clock time written as if it were UTC milliseconds.
 *
 * Built on Intl rather than @date-fns/tz: the queries need a cached offset per
 * day (ZoneClock) and explicit rules for skipped and repeated wall-clock
 * times, which are a few lines here either way, and one reading of a zone's
 * wall clock serves both sides.
 */
// One import path for every caller; the parts live in their own files by concern.
export * from './durations.ts';
export * from './zones.ts';
export * from './utc-offsets.ts';
export * from './civil-dates.ts';
export * from './clocks.ts';
export * from './wall-clock.ts';
export * from './factory-time-base.ts';
