import { QUARTER_MS } from '@wattboard/zone-time';
import type { QuarterEnergy } from '../../baseline/index.ts';
import type { JudgedQuarter } from './detect.ts';

/**
 * A quarter's mean kW drawn: net energy × 4, export counted as zero, as the
 * waste finder counts it. Anomalies are about consumption: a solar inverter
 * under a cloud is weather, not news (on the demo it was most of the events).
 */
export function consumedKw(row: QuarterEnergy): number {
  return Math.max(0, row.kwhForward - row.kwhReverse) * 4;
}

/** The rows with export counted as zero, for the typical day to be made on the same basis. */
export function consumedRows(rows: readonly QuarterEnergy[]): QuarterEnergy[] {
  return rows.map((row) => ({ ...row, kwhForward: consumedKw(row) / 4, kwhReverse: 0 }));
}

/**
 * The complete quarters of [from, to) as the detector judges them: each
 * rollup's mean kW drawn (consumedKw) beside the typical kW for its start. A
 * quarter without a reading of its own only carries a counter step spread
 * over a gap (docs/baseline.md), so its kW is unknown, as is a missing one.
 */
export function judgedQuarters(
  rows: readonly QuarterEnergy[],
  range: { from: number; to: number },
  typicalKwAt: (start: number) => number | null,
): JudgedQuarter[] {
  const byStart = new Map(rows.map((row) => [row.start, row]));
  const quarters: JudgedQuarter[] = [];
  for (let start = range.from; start + QUARTER_MS <= range.to; start += QUARTER_MS) {
    const row = byStart.get(start);
    const kw = row && row.samples > 0 ? consumedKw(row) : null;
    quarters.push({ start, kw, baselineKw: typicalKwAt(start) });
  }
  return quarters;
}

/**
 * The oldest quarter start judged at `now`: the rule's duration and two
 * quarters more. Older quarters (a gateway's catch-up, an import, a server
 * that was down) are history, not news, and never open an event.
 */
export function judgingFrom(now: number, minutes: number): number {
  return Math.floor(now / QUARTER_MS) * QUARTER_MS - minutes * 60_000 - 2 * QUARTER_MS;
}

/** The end of the newest quarter complete at `newestReading` (a reading at or after its end). */
export function completeTo(newestReading: number, now: number): number {
  return Math.floor(Math.min(newestReading, now) / QUARTER_MS) * QUARTER_MS;
}
