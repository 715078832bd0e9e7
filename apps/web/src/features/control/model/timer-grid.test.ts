import { describe, expect, it } from 'vitest';
import { weeklyTimer } from '@wattboard/contract';
import {
  clearDay,
  copyDay,
  emptyWeek,
  moveCell,
  onHours,
  onPeriods,
  paintRect,
  paintValueAt,
  setCell,
  slotTime,
} from './timer-grid';

describe('timer grid', () => {
  it('starts as a week the contract accepts, every slot off', () => {
    const week = emptyWeek();
    expect(weeklyTimer.safeParse(week).success).toBe(true);
    expect(week.flat().every((slot) => slot === 0)).toBe(true);
  });

  it('paints the rectangle between anchor and pointer, dragged in any direction', () => {
    const painted = paintRect(emptyWeek(), { day: 3, slot: 20 }, { day: 1, slot: 14 }, 1);
    expect(onPeriods(painted[1]!)).toEqual([[14, 21]]);
    expect(onPeriods(painted[2]!)).toEqual([[14, 21]]);
    expect(onPeriods(painted[3]!)).toEqual([[14, 21]]);
    expect(painted[0]!.every((s) => s === 0)).toBe(true);
    expect(painted[4]!.every((s) => s === 0)).toBe(true);
  });

  it('restores cells when a drag shrinks back, since it repaints from the same base', () => {
    const base = setCell(emptyWeek(), { day: 0, slot: 5 }, 1);
    const wide = paintRect(base, { day: 0, slot: 0 }, { day: 0, slot: 10 }, 0);
    expect(wide[0]![5]).toBe(0);
    const narrow = paintRect(base, { day: 0, slot: 0 }, { day: 0, slot: 2 }, 0);
    expect(narrow[0]![5]).toBe(1);
    // The base is never changed.
    expect(base[0]![5]).toBe(1);
  });

  it('paints the first and last slots of the week (edges)', () => {
    const painted = paintRect(emptyWeek(), { day: 0, slot: 0 }, { day: 6, slot: 47 }, 1);
    expect(painted.flat().every((s) => s === 1)).toBe(true);
    expect(weeklyTimer.safeParse(painted).success).toBe(true);
  });

  it('a drag paints the opposite of the cell it starts on', () => {
    const week = setCell(emptyWeek(), { day: 2, slot: 7 }, 1);
    expect(paintValueAt(week, { day: 2, slot: 7 })).toBe(0);
    expect(paintValueAt(week, { day: 2, slot: 8 })).toBe(1);
  });

  it('copies a day onto the chosen days only and leaves the source alone', () => {
    const monday = paintRect(emptyWeek(), { day: 1, slot: 14 }, { day: 1, slot: 37 }, 1);
    const week = setCell(monday, { day: 6, slot: 0 }, 1);
    const copied = copyDay(week, 1, [1, 2, 3, 4, 5]);
    for (const day of [1, 2, 3, 4, 5]) expect(onPeriods(copied[day]!)).toEqual([[14, 38]]);
    expect(copied[0]!.every((s) => s === 0)).toBe(true);
    expect(onPeriods(copied[6]!)).toEqual([[0, 1]]);
    expect(() => copyDay(week, 7, [1])).toThrow(RangeError);
  });

  it('clears one day', () => {
    const week = paintRect(emptyWeek(), { day: 0, slot: 0 }, { day: 6, slot: 47 }, 1);
    const cleared = clearDay(week, 3);
    expect(onHours(cleared[3]!)).toBe(0);
    expect(onHours(cleared[2]!)).toBe(24);
    expect(onHours(cleared[4]!)).toBe(24);
  });

  it('moves the keyboard cursor within the week and stops at its edges', () => {
    expect(moveCell({ day: 0, slot: 0 }, 'ArrowLeft')).toEqual({ day: 0, slot: 0 });
    expect(moveCell({ day: 0, slot: 0 }, 'ArrowUp')).toEqual({ day: 0, slot: 0 });
    expect(moveCell({ day: 6, slot: 47 }, 'ArrowRight')).toEqual({ day: 6, slot: 47 });
    expect(moveCell({ day: 6, slot: 47 }, 'ArrowDown')).toEqual({ day: 6, slot: 47 });
    expect(moveCell({ day: 2, slot: 9 }, 'ArrowRight')).toEqual({ day: 2, slot: 10 });
    expect(moveCell({ day: 2, slot: 9 }, 'ArrowDown')).toEqual({ day: 3, slot: 9 });
    expect(moveCell({ day: 2, slot: 9 }, 'Home')).toEqual({ day: 2, slot: 0 });
    expect(moveCell({ day: 2, slot: 9 }, 'End')).toEqual({ day: 2, slot: 47 });
    // A single-day grid (an auto timer row) has no other day to move to.
    expect(moveCell({ day: 0, slot: 9 }, 'ArrowDown', 1)).toEqual({ day: 0, slot: 9 });
    expect(moveCell({ day: 0, slot: 9 }, 'a')).toBeNull();
  });

  it('names slots by their start time, at :00 and :30', () => {
    expect(slotTime(0)).toBe('00:00');
    expect(slotTime(1)).toBe('00:30');
    expect(slotTime(15)).toBe('07:30');
    expect(slotTime(47)).toBe('23:30');
    expect(slotTime(48)).toBe('24:00');
  });

  it('lists on periods, including one that runs to midnight', () => {
    const row = setCell(
      paintRect(emptyWeek(), { day: 0, slot: 44 }, { day: 0, slot: 47 }, 1),
      { day: 0, slot: 2 },
      1,
    )[0]!;
    expect(onPeriods(row)).toEqual([
      [2, 3],
      [44, 48],
    ]);
    expect(onHours(row)).toBe(2.5);
  });
});
