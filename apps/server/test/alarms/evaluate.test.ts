import { describe, expect, it } from 'vitest';
import {
  demandKeys,
  evaluateBatch,
  evaluateSetting,
  type ActiveSetting,
  type TimedReading,
} from '../../src/modules/alarms/evaluate.ts';
import { breachDraft } from '../../src/modules/alarms/on-readings.ts';

const node = { name: 'Chiller', chName: '冰水主機' };
const setting = (over: Partial<ActiveSetting> = {}): ActiveSetting => ({
  nodeId: 7,
  target: 'temperature',
  limits: { low: null, high: 50 },
  status: 'normal',
  node,
  isVirtual: false,
  ...over,
});
const T0 = Date.parse('2026-03-01T10:16:00Z');
const at = (minute: number) => new Date(T0 + minute * 60_000);
const reading = (minute: number, temperature: number, nodeId = 7): TimedReading => ({
  nodeId,
  ts: at(minute),
  phases: { a: { voltage: 220, current: 10, kw: 2, pf: 0.9 } },
  kw: 2,
  frequency: 60,
  temperature,
});
const noDemand = () => undefined;
const noBlocks = new Map<number, number | null>();

describe('evaluateSetting', () => {
  it('no observations: no outcome (the setting is left as it is)', () => {
    expect(evaluateSetting(setting(), [])).toBeNull();
  });

  it('records the first and the latest breach of the batch', () => {
    const outcome = evaluateSetting(setting(), [
      { ts: at(0), value: 45 },
      { ts: at(1), value: 52 },
      { ts: at(2), value: 55 },
      { ts: at(3), value: 49.5 },
    ]);
    expect(outcome?.status).toBe('alarm'); // 49.5 is not 2 % inside 50
    expect(outcome?.lastValue).toBe(49.5);
    expect(outcome?.breach).toEqual({
      firstAt: at(1),
      lastAt: at(2),
      value: 55,
      limit: 'high',
      limitValue: 50,
    });
  });

  it('an alarm returning clearly inside becomes normal without a breach', () => {
    const outcome = evaluateSetting(setting({ status: 'alarm' }), [{ ts: at(0), value: 40 }]);
    expect(outcome).toMatchObject({ status: 'normal', lastValue: 40, breach: null });
  });
});

describe('evaluateBatch', () => {
  it('judges each node on its own readings, in time order', () => {
    const other = setting({ nodeId: 8, limits: { low: 20, high: null } });
    const readings = [reading(2, 40), reading(1, 60), reading(0, 19, 8), reading(1, 20.2, 8)];
    const outcomes = evaluateBatch([setting(), other], readings, noDemand, noBlocks);
    expect(outcomes).toHaveLength(2);
    // Node 7: 60 at minute 1 then 40 at minute 2 → back to normal, but it breached.
    expect(outcomes[0]).toMatchObject({ status: 'normal', lastValue: 40 });
    expect(outcomes[0]!.breach?.value).toBe(60);
    expect(outcomes[1]).toMatchObject({ status: 'alarm', lastValue: 20.2 }); // 20.2 is not 2 % inside 20;
    expect(outcomes[1]!.breach).toMatchObject({ value: 19, limit: 'low' });
  });

  it('a setting whose node is not in the batch has no outcome', () => {
    expect(evaluateBatch([setting({ nodeId: 99 })], [reading(0, 90)], noDemand, noBlocks)).toEqual(
      [],
    );
  });

  it('demand of a measured node uses the block each reading completes', () => {
    const demandSetting = setting({ target: 'demand', limits: { low: null, high: 100 } });
    const blocks = new Map([[Date.parse('2026-03-01T10:00:00Z'), 120]]);
    const outcomes = evaluateBatch(
      [demandSetting],
      [reading(0, 30)],
      (nodeId, start) => (nodeId === 7 ? blocks.get(start) : undefined),
      noBlocks,
    );
    expect(outcomes[0]!.breach).toMatchObject({ value: 120, limit: 'high' });
    expect(demandKeys([demandSetting], [reading(0, 30), reading(1, 30)], noBlocks)).toEqual([
      { nodeId: 7, blockStart: Date.parse('2026-03-01T10:00:00Z') },
    ]);
  });

  it('a virtual node is judged once, on its block complete for every member; other targets never', () => {
    const virtualDemand = setting({
      nodeId: 1,
      target: 'demand',
      isVirtual: true,
      limits: { low: null, high: 800 },
    });
    const virtualTemp = setting({ nodeId: 1, isVirtual: true });
    // The batch's readings reach 10:30, but a member has only closed the 10:00 block.
    const complete = new Map([[1, Date.parse('2026-03-01T10:00:00Z')]]);
    const demand = (nodeId: number, start: number) =>
      nodeId === 1 && start === Date.parse('2026-03-01T10:00:00Z') ? 812 : 500;
    const batch = [reading(0, 30), reading(14, 30)];
    const outcomes = evaluateBatch([virtualDemand, virtualTemp], batch, demand, complete);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ status: 'alarm', lastValue: 812 });
    expect(outcomes[0]!.breach?.firstAt).toEqual(at(14));
    expect(demandKeys([virtualDemand], batch, complete)).toEqual([
      { nodeId: 1, blockStart: Date.parse('2026-03-01T10:00:00Z') },
    ]);
  });

  it('a virtual node without a complete block (a silent member) is not judged', () => {
    const virtualDemand = setting({ nodeId: 1, target: 'demand', isVirtual: true });
    const silent = new Map([[1, null]]);
    expect(evaluateBatch([virtualDemand], [reading(0, 30)], () => 900, silent)).toEqual([]);
    expect(demandKeys([virtualDemand], [reading(0, 30)], silent)).toEqual([]);
  });

  it('readings without the value (no temperature) leave the setting untouched', () => {
    const bare = { ...reading(0, 0), temperature: null };
    expect(evaluateBatch([setting()], [bare], noDemand, noBlocks)).toEqual([]);
  });
});

describe('breachDraft', () => {
  it('turns a breached outcome into the event it opens, none otherwise', () => {
    const [outcome] = evaluateBatch(
      [setting()],
      [reading(0, 61.04), reading(1, 58)],
      noDemand,
      noBlocks,
    );
    const draft = breachDraft(outcome!);
    expect(draft).toMatchObject({
      nodeId: 7,
      target: 'temperature',
      kind: 'threshold',
      value: 58,
      openedAt: at(0),
      lastBreachAt: at(1),
      limits: { low: null, high: 50 },
    });
    expect(draft?.texts.descEn).toBe('Chiller: temperature 58 °C is above the high limit 50 °C.');
    const [calm] = evaluateBatch([setting()], [reading(0, 30)], noDemand, noBlocks);
    expect(breachDraft(calm!)).toBeNull();
  });
});
