import type { EnergyDistributionEntry, Level } from '@wattboard/contract';

/** One hour of a day in the heatmap, built from its four fifteen-minute values. */
export interface HourCell {
  valueKWH: number;
  averageKW: number;
  maxKW: number;
  level: Level;
}

export interface HeatmapDay {
  date: string;
  /** 24 entries, index = local hour; null when the server sent no value for that hour. */
  hours: (HourCell | null)[];
}

export const SLOTS_PER_HOUR = 4;
export const HOURS_PER_DAY = 24;

const LEVEL_RANK: Record<Level, number> = { low: 0, mid: 1, high: 2 };

/** The higher of two levels (high > mid > low). */
export function higherLevel(a: Level, b: Level): Level {
  return LEVEL_RANK[b] > LEVEL_RANK[a] ? b : a;
}

export function levelRank(level: Level): number {
  return LEVEL_RANK[level];
}

type Slot = EnergyDistributionEntry['values'][number];

/** A slot with data: the server sends every field null for one without (not begun, or a gap). */
interface MeasuredSlot {
  valueKWH: number;
  averageKW: number;
  maxKW: number | null;
  level: Level;
}

function isMeasured(slot: Slot | undefined): slot is Slot & MeasuredSlot {
  return (
    slot !== undefined && slot.valueKWH !== null && slot.averageKW !== null && slot.level !== null
  );
}

/**
 * The heatmap compresses 15-minute values to hourly cells. A cell's
 * kWh is the sum of its quarters, its average kW their mean, its max kW their
 * max, and its level the highest of theirs (an hour with one busy quarter is
 * flagged). Slots are keyed by local clock time (slot i = hour ⌊i/4⌋), so a
 * daylight-saving day still has 24 cells; a quarter without data (missing, or
 * sent as null because it has not begun) is skipped, not counted as zero. An
 * hour with no quarter of data is null: the page shows it as "no data yet".
 */
export function compressHour(slots: readonly (Slot | undefined)[]): HourCell | null {
  const present = slots.filter(isMeasured);
  const first = present[0];
  if (!first) return null;
  let valueKWH = 0;
  let averageSum = 0;
  let maxKW = 0;
  let level = first.level;
  for (const slot of present) {
    valueKWH += slot.valueKWH;
    averageSum += slot.averageKW;
    maxKW = Math.max(maxKW, slot.maxKW ?? 0);
    level = higherLevel(level, slot.level);
  }
  return { valueKWH, averageKW: averageSum / present.length, maxKW, level };
}

export function compressDay(entry: EnergyDistributionEntry): HeatmapDay {
  const hours = Array.from({ length: HOURS_PER_DAY }, (_, hour) =>
    compressHour(
      Array.from({ length: SLOTS_PER_HOUR }, (_, q) => entry.values[hour * SLOTS_PER_HOUR + q]),
    ),
  );
  return { date: entry.date, hours };
}

/** Every day of the range, in date order, compressed to hourly cells. */
export function compressDistribution(entries: readonly EnergyDistributionEntry[]): HeatmapDay[] {
  return [...entries].sort((a, b) => a.date.localeCompare(b.date)).map(compressDay);
}

/** True when no day has any energy: the card shows its empty state instead of a blank grid. */
export function hasAnyEnergy(days: readonly HeatmapDay[]): boolean {
  return days.some((day) => day.hours.some((cell) => cell !== null && cell.valueKWH > 0));
}
