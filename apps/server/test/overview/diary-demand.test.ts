import { describe, expect, it } from 'vitest';
import { demandEntries } from '../../src/modules/overview/calc/diary-demand.ts';
import { ZoneClock } from '@wattboard/zone-time';

const clock = new ZoneClock('Asia/Taipei');
const day = { from: Date.parse('2026-12-01T00:00:00+08:00') };
const Q = 15 * 60_000;

describe('demandEntries', () => {
  const blocks = (kws: number[]) => kws.map((kw, i) => ({ start: day.from + i * Q, kw }));

  it('notes today’s maximum once, at its first block’s end', () => {
    const entries = demandEntries(
      { blocks: blocks([5, 9, 9, 3]), monthMaxBefore: null, contractCapacityKw: null, rootId: 1 },
      clock,
    );
    expect(entries.map((e) => [e.kind, e.time])).toEqual([
      ['dayDemandMax', new Date(day.from + 2 * Q).toISOString()],
    ]);
    expect(entries[0]!.description).toBe("Today's maximum demand so far: 9.0 kW (00:15–00:30)");
  });

  it('notes each block that beat the month’s maximum of earlier days', () => {
    const entries = demandEntries(
      { blocks: blocks([5, 11, 10, 12]), monthMaxBefore: 10, contractCapacityKw: null, rootId: 1 },
      clock,
    );
    const monthly = entries.filter((e) => e.kind === 'monthDemandMax');
    expect(monthly.map((e) => e.time)).toEqual([
      new Date(day.from + 2 * Q).toISOString(),
      new Date(day.from + 4 * Q).toISOString(),
    ]);
    expect(monthly[1]!.description).toBe(
      'New monthly maximum demand: 12.0 kW (00:45–01:00), previous 11.0 kW',
    );
  });

  it('notes each crossing into 90 % of the capacity; above the capacity is an alarm', () => {
    const entries = demandEntries(
      {
        blocks: blocks([80, 90, 95, 70, 101]),
        monthMaxBefore: null,
        contractCapacityKw: 100,
        rootId: 1,
      },
      clock,
    );
    const near = entries.filter((e) => e.kind === 'demandNearCapacity');
    expect(near.map((e) => [e.status, e.time])).toEqual([
      ['warning', new Date(day.from + 2 * Q).toISOString()],
      ['alarm', new Date(day.from + 5 * Q).toISOString()],
    ]);
    expect(near[0]!.descriptionZh).toBe('需量 90.0 kW 達契約容量 100.0 kW 的 90%');
  });

  it('is empty without blocks', () => {
    expect(
      demandEntries({ blocks: [], monthMaxBefore: 3, contractCapacityKw: 1, rootId: null }, clock),
    ).toEqual([]);
  });
});
