import { describe, expect, it } from 'vitest';
import { demandWarningPlan } from '../../src/modules/demand/calc/warning-plan.ts';
import type { ShedCandidate } from '../../src/modules/demand/calc/shed.ts';

const BLOCK = Date.parse('2026-11-28T02:00:00Z');
const MIN = 60_000;
const channel = (id: number, priority: number | null, loadKw: number | null): ShedCandidate => ({
  channelId: id,
  priority,
  action: 'auto',
  status: 'on',
  loadKw,
  restoredAt: null,
  name: `Load ${id}`,
  chName: `負載${id}`,
});
const base = {
  blockStart: BLOCK,
  predictedKw: 190,
  targetKw: 171,
  autoShed: true,
  candidates: [channel(1, 2, 30), channel(2, 1, 12), channel(3, 3, 20), channel(4, null, 99)],
  active: [],
  minOffMs: 5 * MIN,
};

describe('demandWarningPlan', () => {
  it('at minute 6: 9 minutes left, (190 − 171) × 15 / 9 = 31.7 kW to take off, channels by priority until they cover it', () => {
    const plan = demandWarningPlan({ ...base, now: BLOCK + 6 * MIN });
    expect(plan.minutesLeft).toBe(9);
    expect(plan.reductionKw).toBeCloseTo((19 * 15) / 9, 9);
    expect(plan.shedding).toEqual({
      kind: 'channels',
      channels: [
        { name: 'Load 2', chName: '負載2', loadKw: 12 },
        { name: 'Load 1', chName: '負載1', loadKw: 30 },
      ],
      coversKw: 42,
    });
  });

  it('rounds the minutes left up, and is too late to advise in the last half minute', () => {
    expect(demandWarningPlan({ ...base, now: BLOCK + 6 * MIN + 1 }).minutesLeft).toBe(9);
    const late = demandWarningPlan({ ...base, now: BLOCK + 14 * MIN + 31_000 });
    expect(late).toMatchObject({ minutesLeft: 1, reductionKw: null });
    const last = demandWarningPlan({ ...base, now: BLOCK + 14 * MIN + 29_000 });
    expect(last.reductionKw).toBeCloseTo((19 * 15 * 60) / 31, 9);
  });

  it('lists every sheddable channel when together they do not cover the excess', () => {
    const plan = demandWarningPlan({ ...base, predictedKw: 400, now: BLOCK + 10 * MIN });
    expect(plan.shedding).toMatchObject({ kind: 'channels', coversKw: 62 });
    expect(plan.shedding.kind === 'channels' && plan.shedding.channels).toHaveLength(3);
  });

  it('leaves out channels shed already, resting, set on, or off; an unknown load counts 0', () => {
    const now = BLOCK + 5 * MIN;
    const plan = demandWarningPlan({
      ...base,
      now,
      candidates: [
        { ...channel(1, 1, 30), restoredAt: now - MIN },
        { ...channel(2, 2, 12), action: 'on' },
        { ...channel(3, 3, 20), status: 'off' },
        channel(5, 4, null),
        channel(6, 5, 50),
        channel(7, 6, 50),
      ],
      active: [{ channelId: 7, shedAt: now - MIN, loadKw: 50 }],
    });
    expect(plan.shedding).toEqual({
      kind: 'channels',
      channels: [
        { name: 'Load 5', chName: '負載5', loadKw: null },
        { name: 'Load 6', chName: '負載6', loadKw: 50 },
      ],
      coversKw: 50,
    });
  });

  it('says when shedding is off, or has nothing left to switch off', () => {
    const now = BLOCK + 3 * MIN;
    expect(demandWarningPlan({ ...base, now, autoShed: false }).shedding).toEqual({ kind: 'off' });
    expect(demandWarningPlan({ ...base, now, candidates: [] }).shedding).toEqual({
      kind: 'nothing-left',
    });
  });
});
