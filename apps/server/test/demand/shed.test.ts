import { describe, expect, it } from 'vitest';
import {
  shedSettings,
  shedStep,
  type ActiveShed,
  type ShedCandidate,
  type ShedInput,
} from '../../src/modules/demand/calc/shed.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 6, 15, 6, 0, 3);
const settings = shedSettings(
  {
    targetPercent: 95,
    autoShed: true,
    minOffMinutes: 5,
    maxOffMinutes: 30,
    restoreMarginPercent: 5,
  },
  800,
); // target 760 kW, restore under 720 kW with the load back

const channel = (id: number, priority: number | null, over: Partial<ShedCandidate> = {}) => ({
  channelId: id,
  priority,
  action: 'timer' as const,
  status: 'on' as const,
  loadKw: 20,
  restoredAt: null,
  ...over,
});
const channels: ShedCandidate[] = [
  channel(1, 3),
  channel(2, 1, { loadKw: 30 }),
  channel(3, 2, { loadKw: 25 }),
  channel(4, null),
  channel(5, 4, { action: 'on' }),
];

/** A fake clock drives the reducer minute by minute, keeping its state like the database would. */
function simulate(predicted: (minute: number, shed: number[]) => number, minutes: number) {
  let active: ActiveShed[] = [];
  let lastStepAt: number | null = null;
  const restoredAt = new Map<number, number>();
  const log: string[] = [];
  for (let m = 0; m < minutes; m += 1) {
    const now = T0 + m * MIN;
    const decision = shedStep({
      now,
      predictedKw: predicted(
        m,
        active.map((s) => s.channelId),
      ),
      settings,
      candidates: channels.map((c) => ({ ...c, restoredAt: restoredAt.get(c.channelId) ?? null })),
      active,
      lastStepAt,
      personChanged: new Set(),
    });
    for (const step of decision.steps) {
      log.push(`${m}:${step.kind}:${step.channelId}`);
      if (step.kind === 'shed') {
        active.push({ channelId: step.channelId, shedAt: now, loadKw: step.loadKw });
        lastStepAt = now;
      } else {
        active = active.filter((s) => s.channelId !== step.channelId);
        restoredAt.set(step.channelId, now);
        if (step.kind === 'restore' && step.reason === 'safe') lastStepAt = now;
      }
    }
    expect(decision.shedIds).toEqual(active.map((s) => s.channelId));
  }
  return log;
}

const base = (over: Partial<ShedInput> = {}): ShedInput => ({
  now: T0,
  predictedKw: 800,
  settings,
  candidates: channels,
  active: [],
  lastStepAt: null,
  personChanged: new Set(),
  ...over,
});

describe('shedStep', () => {
  it('sheds one channel a minute in priority order until under the target, then restores in reverse', () => {
    // 820 kW of load; each shed channel takes its load off the prediction.
    const load = { 1: 20, 2: 30, 3: 25 } as Record<number, number>;
    let overloaded = true;
    const log = simulate((m, shed) => {
      if (m === 8) overloaded = false; // the afternoon peak passes
      const base = overloaded ? 820 : 640;
      return base - shed.reduce((sum, id) => sum + (load[id] ?? 0), 0);
    }, 30);
    expect(log.slice(0, 3)).toEqual(['0:shed:2', '1:shed:3', '2:shed:1']);
    // Off at 2, 3 and 1 minutes 0..2; minimum 5 minutes off: last shed (1) first, at minute 8.
    expect(log.slice(3)).toEqual(['8:restore:1', '9:restore:3', '10:restore:2']);
  });

  it('stops shedding once the prediction is under the target', () => {
    const log = simulate(
      (_m, shed) => 800 - (shed.includes(2) ? 30 : 0) - (shed.includes(3) ? 25 : 0),
      6,
    );
    expect(log).toEqual(['0:shed:2', '1:shed:3']);
  });

  it('hysteresis: no restore while the prediction with the load back would reach target − margin', () => {
    // Under the target (740) but 740 + 30 ≥ 720: channel 2 stays off until max-off.
    const log = simulate((m, shed) => (m === 0 ? 800 : shed.length > 0 ? 740 : 770), 40);
    expect(log[0]).toBe('0:shed:2');
    expect(log[1]).toBe('30:restore:2');
  });

  it('never more than the maximum minutes off, even while still over the target', () => {
    const decision = shedStep(
      base({
        now: T0 + 30 * MIN,
        active: [{ channelId: 2, shedAt: T0, loadKw: 30 }],
        lastStepAt: T0,
      }),
    );
    expect(decision.steps[0]).toEqual({ kind: 'restore', channelId: 2, reason: 'max-off' });
    // The next shed goes to the next in line, not the one just given back (it rests).
    expect(decision.steps[1]).toEqual({ kind: 'shed', channelId: 3, loadKw: 25 });
    expect(decision.shedIds).toEqual([3]);
  });

  it('a channel given back rests for the minimum off time before it is shed again', () => {
    const rested = channels.map((c) =>
      c.channelId === 2 ? { ...c, restoredAt: T0 - 2 * MIN } : c,
    );
    expect(shedStep(base({ candidates: rested })).steps).toEqual([
      { kind: 'shed', channelId: 3, loadKw: 25 },
    ]);
  });

  it('never sheds an explicit on, a channel without priority, or one already off', () => {
    const only = [
      channel(5, 1, { action: 'on' }),
      channel(4, null),
      channel(6, 2, { status: 'off' }),
      channel(7, 3, { status: 'offline' }),
    ];
    expect(shedStep(base({ candidates: only })).steps).toEqual([]);
  });

  it('one step a minute', () => {
    const active = [{ channelId: 2, shedAt: T0 - 30_000, loadKw: 30 }];
    expect(shedStep(base({ active, lastStepAt: T0 - 30_000 })).steps).toEqual([]);
    expect(shedStep(base({ active, lastStepAt: T0 - 56_000 })).steps).toHaveLength(1);
  });

  it('restores only after the minimum off time', () => {
    const active = [{ channelId: 2, shedAt: T0 - 4 * MIN, loadKw: 30 }];
    expect(shedStep(base({ active, predictedKw: 500, lastStepAt: T0 - 4 * MIN })).steps).toEqual(
      [],
    );
    const later = shedStep(
      base({ active, predictedKw: 500, now: T0 + MIN, lastStepAt: T0 - 4 * MIN }),
    );
    expect(later.steps).toEqual([{ kind: 'restore', channelId: 2, reason: 'safe' }]);
  });

  it('a channel a person changes (or sets to on) while shed leaves shedding', () => {
    const active = [
      { channelId: 2, shedAt: T0 - MIN, loadKw: 30 },
      { channelId: 3, shedAt: T0 - MIN, loadKw: 25 },
      { channelId: 9, shedAt: T0 - MIN, loadKw: 5 },
    ];
    const candidates = channels.map((c) =>
      c.channelId === 3 ? { ...c, action: 'on' as const } : c,
    );
    const decision = shedStep(
      base({ active, candidates, personChanged: new Set([2]), lastStepAt: T0 }),
    );
    expect(decision.steps).toEqual([
      { kind: 'release', channelId: 2, reason: 'person' },
      { kind: 'release', channelId: 3, reason: 'explicit-on' },
      { kind: 'release', channelId: 9, reason: 'gone' },
    ]);
    expect(decision.shedIds).toEqual([]);
  });

  it('shedding switched off gives every channel back at once and sheds nothing', () => {
    const active = [
      { channelId: 2, shedAt: T0 - MIN, loadKw: 30 },
      { channelId: 3, shedAt: T0 - MIN, loadKw: 25 },
    ];
    const decision = shedStep(base({ active, settings: { ...settings, autoShed: false } }));
    expect(decision.steps.map((s) => s.kind)).toEqual(['restore', 'restore']);
    expect(decision.over).toBe(true); // the warning still goes out
    expect(decision.shedIds).toEqual([]);
  });

  it('no prediction: no shedding, no warning', () => {
    const decision = shedStep(base({ predictedKw: null }));
    expect(decision).toEqual({ steps: [], over: false, shedIds: [] });
  });

  it('settings to kW: 95 % of 800 kW is 760 kW, a 5 % margin is 40 kW', () => {
    expect(settings.targetKw).toBe(760);
    expect(settings.restoreMarginKw).toBe(40);
    expect(settings.minOffMs).toBe(5 * MIN);
  });
});
