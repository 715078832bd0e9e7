import type { EnergyDistributionEntry, EnergyDistributionValue } from '@wattboard/contract';
import { isFutureLocalSlot } from './future-slot.ts';
import { tertileLevel, tertiles } from './levels.ts';
import { roundMeasure } from './rounding.ts';
import type { LocalDay } from './time-range.ts';
import type { ZoneClock } from '@wattboard/zone-time';

/** 96 fifteen-minute slots per day, keyed by local clock time (00:00, 00:15, … 23:45). */
export const SLOTS_PER_DAY = 96;
const SLOT_MINUTES = 15;
const QUARTER_HOURS = 0.25;

/** A 15-minute rollup of one node, as read from rollups_15m. */
export interface QuarterRollup {
  start: number;
  kwhForward: number;
  maxKw: number | null;
}

interface SlotTotal {
  kwh: number;
  buckets: number;
  maxKw: number | null;
}

/** A slot without data: no value and no level (the page shows "no data yet"). */
const NO_DATA: EnergyDistributionValue = {
  averageKW: null,
  level: null,
  maxKW: null,
  valueKWH: null,
};

/**
 * The energy-distribution heatmap: for each local day, 96 values
 * keyed by wall-clock time. Values are consumption (forward energy), like the
 * rollups' average and maximum kW. Levels compare each slot's kWh with the
 * tertiles of all the range's 15-minute kWh.
 *
 * Daylight-saving days still get 96 slots: on a 23-hour day the skipped hour's
 * four slots are empty; on a 25-hour day the repeated hour's two buckets share
 * a slot, which then holds their summed kWh, their mean kW and the higher max
 * (its level uses the per-bucket mean, so doubling does not make it "high").
 * A slot without data — one that has not begun at `now` (the rest of today),
 * a gap, or a time the day did not have — has every field null: "no data
 * yet", never 0 and `low` (issue #23).
 */
export function energyDistribution(
  days: readonly LocalDay[],
  rollups: readonly QuarterRollup[],
  clock: ZoneClock,
  now: number,
): EnergyDistributionEntry[] {
  const slotsByDate = new Map<string, (SlotTotal | undefined)[]>();
  for (const day of days)
    slotsByDate.set(day.date, new Array<SlotTotal | undefined>(SLOTS_PER_DAY));

  const counted: number[] = [];
  for (const rollup of rollups) {
    const { date, minuteOfDay } = clock.localParts(rollup.start);
    const slots = slotsByDate.get(date);
    // A row stamped ahead of the clock neither fills a slot that has not begun nor moves the cuts.
    if (!slots || isFutureLocalSlot(date, minuteOfDay, clock, now)) continue;
    counted.push(rollup.kwhForward);
    const index = Math.floor(minuteOfDay / SLOT_MINUTES);
    const slot = slots[index] ?? { kwh: 0, buckets: 0, maxKw: null };
    slot.kwh += rollup.kwhForward;
    slot.buckets += 1;
    if (rollup.maxKw !== null) slot.maxKw = Math.max(slot.maxKw ?? -Infinity, rollup.maxKw);
    slots[index] = slot;
  }

  const cuts = tertiles(counted);
  return days.map((day) => ({
    date: day.date,
    values: Array.from(slotsByDate.get(day.date) ?? [], (slot) => {
      if (!slot || !cuts) return NO_DATA;
      const perBucketKwh = slot.kwh / slot.buckets;
      return {
        averageKW: roundMeasure(perBucketKwh / QUARTER_HOURS),
        level: tertileLevel(perBucketKwh, cuts),
        maxKW: roundMeasure(slot.maxKw ?? 0),
        valueKWH: roundMeasure(slot.kwh),
      };
    }),
  }));
}
