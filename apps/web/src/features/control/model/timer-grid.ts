import { DAYS_PER_WEEK, TIMER_SLOTS_PER_DAY } from '@wattboard/contract';

/** One half-hour slot: 1 = on, 0 = off. */
export type Slot = 0 | 1;
/** 48 slots of one day. */
export type DayRow = readonly Slot[];
/** 7 days (Sunday first) × 48 slots. */
export type Week = readonly DayRow[];

/** A cell of the week grid. */
export interface Cell {
  day: number;
  slot: number;
}

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);

/** A day with every slot off. */
export function emptyDay(): Slot[] {
  return Array<Slot>(TIMER_SLOTS_PER_DAY).fill(0);
}

/** A week with every slot off. */
export function emptyWeek(): Slot[][] {
  return Array.from({ length: DAYS_PER_WEEK }, emptyDay);
}

/**
 * Paints the rectangle between `anchor` and `current` (inclusive, in any
 * direction) with `value` on top of `base`: the preview while a pointer
 * drags, recomputed from the same base so a shrinking drag restores cells.
 */
export function paintRect(base: Week, anchor: Cell, current: Cell, value: Slot): Slot[][] {
  const [day0, day1] = [anchor.day, current.day].sort((a, b) => a - b) as [number, number];
  const [slot0, slot1] = [anchor.slot, current.slot].sort((a, b) => a - b) as [number, number];
  return base.map((row, day) =>
    day < day0 || day > day1
      ? [...row]
      : row.map((slot, index) => (index >= slot0 && index <= slot1 ? value : slot)),
  );
}

/** The week with one cell set to `value`. */
export function setCell(week: Week, cell: Cell, value: Slot): Slot[][] {
  return paintRect(week, cell, cell, value);
}

/** The value a drag starting on `cell` paints: the opposite of the cell's state. */
export function paintValueAt(week: Week, cell: Cell): Slot {
  return week[cell.day]?.[cell.slot] === 1 ? 0 : 1;
}

/** Copies day `from` onto each day in `to` (the source day itself is left as it is). */
export function copyDay(week: Week, from: number, to: readonly number[]): Slot[][] {
  const source = week[from];
  if (!source) throw new RangeError(`No day ${from}`);
  return week.map((row, day) => (day !== from && to.includes(day) ? [...source] : [...row]));
}

/** The week with day `day` all off. */
export function clearDay(week: Week, day: number): Slot[][] {
  return week.map((row, index) => (index === day ? emptyDay() : [...row]));
}

/** Keyboard movement in the grid: arrows by one cell, Home/End to the day's ends. */
export function moveCell(cell: Cell, key: string, days = DAYS_PER_WEEK): Cell | null {
  const lastSlot = TIMER_SLOTS_PER_DAY - 1;
  switch (key) {
    case 'ArrowRight':
      return { ...cell, slot: clamp(cell.slot + 1, lastSlot) };
    case 'ArrowLeft':
      return { ...cell, slot: clamp(cell.slot - 1, lastSlot) };
    case 'ArrowDown':
      return { ...cell, day: clamp(cell.day + 1, days - 1) };
    case 'ArrowUp':
      return { ...cell, day: clamp(cell.day - 1, days - 1) };
    case 'Home':
      return { ...cell, slot: 0 };
    case 'End':
      return { ...cell, slot: lastSlot };
    default:
      return null;
  }
}

/** "07:30" for slot 15; slot 48 (the end of the day) is "24:00". */
export function slotTime(slot: number): string {
  const minutes = slot * 30;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  return `${hh}:${minutes % 60 === 0 ? '00' : '30'}`;
}

/** The on periods of a day as [start, end) slot pairs, e.g. [[14, 38]] for 07:00–19:00. */
export function onPeriods(row: DayRow): [number, number][] {
  const periods: [number, number][] = [];
  let start: number | null = null;
  row.forEach((slot, index) => {
    if (slot === 1 && start === null) start = index;
    if (slot === 0 && start !== null) {
      periods.push([start, index]);
      start = null;
    }
  });
  if (start !== null) periods.push([start, row.length]);
  return periods;
}

/** Number of on half hours in a day. */
export function onHours(row: DayRow): number {
  return row.filter((slot) => slot === 1).length / 2;
}
