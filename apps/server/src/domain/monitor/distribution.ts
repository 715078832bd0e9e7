import type { EnergyDistributionEntry, Level } from '@wattboard/contract';
import { tertileLevel, tertiles } from './levels.ts';
import { roundMeasure } from './rounding.ts';
import type { LocalDay } from './time-range.ts';
import type { ZoneClock } from '../zone-time.ts';

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

const EMPTY_SLOT = { averageKW: 0, level: 'low' as Level, maxKW: 0, valueKWH: 0 };

/**
 * The energy-distribution heatmap (DESIGN §4): for each local day, 96 values
 * keyed by wall-clock time. Values are consumption (forward energy), like the
 * rollups' average and maximum kW. Levels compare each slot's kWh with the
 * tertiles of all the range's 15-minute kWh.
 *
 * Daylight-saving days still get 96 slots: on a 23-hour day the skipped hour's
 * four slots are empty; on a 25-hour day the repeated hour's two buckets share
 * a slot, which then holds their summed kWh, their mean kW and the higher max
 * (its level uses the per-bucket mean, so doubling does not make it "high").
 * Empty slots (no data, or a time the day did not have) read 0 and `low`.
 */
export function energyDistribution(
  days: readonly LocalDay[],
  rollups: readonly QuarterRollup[],
  clock: ZoneClock,
): EnergyDistributionEntry[] {
  const slotsByDate = new Map<string, (SlotTotal | undefined)[]>();
  for (const day of days)
    slotsByDate.set(day.date, new Array<SlotTotal | undefined>(SLOTS_PER_DAY));

  for (const rollup of rollups) {
    const { date, minuteOfDay } = clock.localParts(rollup.start);
    const slots = slotsByDate.get(date);
    if (!slots) continue;
    const index = Math.floor(minuteOfDay / SLOT_MINUTES);
    const slot = slots[index] ?? { kwh: 0, buckets: 0, maxKw: null };
    slot.kwh += rollup.kwhForward;
    slot.buckets += 1;
    if (rollup.maxKw !== null) slot.maxKw = Math.max(slot.maxKw ?? -Infinity, rollup.maxKw);
    slots[index] = slot;
  }

  const cuts = tertiles(rollups.map((rollup) => rollup.kwhForward));
  return days.map((day) => ({
    date: day.date,
    values: Array.from(slotsByDate.get(day.date) ?? [], (slot) => {
      if (!slot || !cuts) return EMPTY_SLOT;
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
