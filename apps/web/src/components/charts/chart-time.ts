import { parseUtcOffset } from '@wattboard/zone-time';
import { formatInstant } from '@/lib/format';

const LOCAL_PARTS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

/**
 * The factory-local wall-clock parts of a chart point's time. A time with an
 * offset is an instant, shown in the factory's zone; one without an offset is
 * already factory-local (contract: "read in the factory's zone") and is taken
 * as written, never re-interpreted in the browser's zone.
 */
export function localParts(
  time: string,
  zone: string | null,
): { date: string; clock: string } | null {
  if (parseUtcOffset(time) !== null) {
    const instant = Date.parse(time);
    if (Number.isNaN(instant)) return null;
    return {
      date: formatInstant(instant, zone, 'date'),
      clock: formatInstant(instant, zone, 'time'),
    };
  }
  const match = LOCAL_PARTS.exec(time);
  if (!match) return null;
  return { date: `${match[1]}/${match[2]}/${match[3]}`, clock: `${match[4]}:${match[5]}` };
}

/** Axis label: HH:mm for a one-day chart, MM/dd HH:mm when the range spans days. */
export function chartTimeLabel(time: string, zone: string | null, multiDay: boolean): string {
  const parts = localParts(time, zone);
  if (!parts) return time;
  return multiDay ? `${parts.date.slice(5)} ${parts.clock}` : parts.clock;
}

/** Tooltip title: the full yyyy/MM/dd HH:mm, the app's date-time format. */
export function chartTimeTitle(time: string, zone: string | null): string {
  const parts = localParts(time, zone);
  return parts ? `${parts.date} ${parts.clock}` : time;
}
