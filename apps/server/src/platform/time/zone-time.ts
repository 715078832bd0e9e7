/**
 * Time in a factory's zone, in one module: duration constants, the runtime's
 * time-zone database read through Intl (DST included), calendar arithmetic on
 * "civil" times, the ZoneClock the monitor queries walk ranges with, and the
 * simulator's local clock. Instants are epoch milliseconds; a civil time is a
 * local date and wall-clock time written as if it were UTC milliseconds.
 *
 * Built on Intl rather than @date-fns/tz (the client's): the queries need a
 * cached offset per day (ZoneClock) and explicit rules for skipped and
 * repeated wall-clock times, which are a few lines here either way.
 */
// One import path for every caller; the parts live in zone-time/ by concern.
export * from './zones.ts';
export * from './civil-dates.ts';
export * from './clocks.ts';
