import { ZoneClock } from '@wattboard/zone-time';

/** How a time cell reads in Excel: the factory's wall clock, to the second. */
export const EXCEL_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/**
 * Excel has no time zones: a date cell is a wall-clock reading. So an instant
 * (an ISO text with its offset, as the rows carry it) is written as a Date
 * whose UTC fields are its wall-clock time in the factory's zone, which
 * exceljs stores as that serial number. The header names the zone (see
 * withTimeZone). Text that is no instant stays text. Pure.
 */
export function excelTimeConverter(timeZone: string): (value: string) => Date | string {
  const clock = new ZoneClock(timeZone);
  return (value) => {
    const instant = Date.parse(value);
    return Number.isNaN(instant) ? value : new Date(clock.toCivil(instant));
  };
}
