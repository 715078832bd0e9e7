/**
 * Automatic load shedding (issue #15) as a pure step: given the
 * settings, the channels, the channels shed now and the predicted demand at
 * `now`, which channels to shed, restore or let go this minute. The runtime
 * (modules/demand/step.ts) stores the steps; Control's scheduler then holds shed
 * channels off and sends the commands through the usual sender.
 */
import { MINUTE_MS } from '@wattboard/zone-time';

/** Steps are a minute apart; ticks may drift by a few seconds (as Control's anti-chatter). */
export const STEP_INTERVAL_MS = 55_000;

export interface ShedSettings {
  targetKw: number;
  autoShed: boolean;
  minOffMs: number;
  maxOffMs: number;
  /** Restore only when the prediction with the channel back stays under target − margin. */
  restoreMarginKw: number;
}

export interface ShedCandidate {
  channelId: number;
  /** 1 is shed first; null = never shed. */
  priority: number | null;
  action: 'on' | 'off' | 'timer' | 'auto';
  /** The device's confirmed state. */
  status: 'on' | 'off' | 'offline';
  /** What it draws now (its circuit's newest kW), null when it has no monitored circuit. */
  loadKw: number | null;
  /** When shedding last gave it back (it rests for the minimum off time before another shed). */
  restoredAt: number | null;
  /** Its names, for the warning's plan (calc/warning-plan.ts). */
  name?: string;
  chName?: string;
}

export interface ActiveShed {
  channelId: number;
  shedAt: number;
  /** What it drew when shed: the load a restore brings back. */
  loadKw: number;
}

export interface ShedInput {
  now: number;
  /** Null when the block has no prediction (no readings): nothing is shed. */
  predictedKw: number | null;
  settings: ShedSettings;
  candidates: readonly ShedCandidate[];
  /** Channels shed now, oldest first. */
  active: readonly ActiveShed[];
  /** The last shed or restore (one step per minute). */
  lastStepAt: number | null;
  /** Shed channels a person changed since they were shed: shedding lets them go. */
  personChanged: ReadonlySet<number>;
}

export type ShedStep =
  | { kind: 'shed'; channelId: number; loadKw: number }
  | { kind: 'restore'; channelId: number; reason: 'safe' | 'max-off' | 'disabled' }
  | { kind: 'release'; channelId: number; reason: 'person' | 'explicit-on' | 'gone' };

export interface ShedDecision {
  steps: ShedStep[];
  /** The prediction is over the target: warn (hub, bell, diary, mail). */
  over: boolean;
  /** Channels shed after the steps (the scheduler holds them off). */
  shedIds: number[];
}

const byPriority = (a: ShedCandidate, b: ShedCandidate) =>
  (a.priority ?? 0) - (b.priority ?? 0) || a.channelId - b.channelId;

/**
 * The channels shedding may switch off next, in the order it would: on now,
 * with a priority, not set to action `on`, not shed already, and rested for
 * the minimum off time since shedding last gave them back.
 */
export function sheddable(
  candidates: readonly ShedCandidate[],
  active: readonly ActiveShed[],
  now: number,
  minOffMs: number,
): ShedCandidate[] {
  const shedNow = new Set(active.map((s) => s.channelId));
  return candidates
    .filter(
      (c) =>
        c.priority !== null &&
        c.action !== 'on' &&
        c.status === 'on' &&
        !shedNow.has(c.channelId) &&
        (c.restoredAt === null || now - c.restoredAt >= minOffMs),
    )
    .sort(byPriority);
}

/**
 * One minute of shedding:
 * - a shed channel a person changed, set to action `on`, or deleted is let go at once;
 * - shedding switched off: everything shed comes back at once;
 * - a channel off for the maximum time comes back whatever the prediction;
 * - then at most ONE step a minute: over the target → shed the next channel in
 *   priority order (on now, priority set, not action `on`, rested since its
 *   last restore); safely under → restore the last one shed (reverse order),
 *   once it has been off for the minimum time and only when the prediction
 *   with its load back stays under target − margin (hysteresis).
 */
export function shedStep(input: ShedInput): ShedDecision {
  const { now, settings, predictedKw } = input;
  const steps: ShedStep[] = [];
  const byId = new Map(input.candidates.map((c) => [c.channelId, c]));
  let active = [...input.active];
  const over = predictedKw !== null && predictedKw > settings.targetKw;

  for (const shed of active) {
    const channel = byId.get(shed.channelId);
    const reason = !channel
      ? 'gone'
      : input.personChanged.has(shed.channelId)
        ? 'person'
        : channel.action === 'on'
          ? 'explicit-on'
          : null;
    if (reason) steps.push({ kind: 'release', channelId: shed.channelId, reason });
  }
  const kept = (s: ActiveShed) => !steps.some((step) => step.channelId === s.channelId);
  active = active.filter(kept);

  const forced = active.filter((s) => !settings.autoShed || now - s.shedAt >= settings.maxOffMs);
  for (const shed of forced) {
    const reason = settings.autoShed ? 'max-off' : 'disabled';
    steps.push({ kind: 'restore', channelId: shed.channelId, reason });
  }
  active = active.filter(kept);
  const done = (): ShedDecision => ({ steps, over, shedIds: active.map((s) => s.channelId) });

  if (!settings.autoShed || predictedKw === null) return done();
  if (input.lastStepAt !== null && now - input.lastStepAt < STEP_INTERVAL_MS) return done();

  if (over) {
    const next = sheddable(input.candidates, input.active, now, settings.minOffMs)[0];
    if (next) {
      const loadKw = Math.max(0, next.loadKw ?? 0);
      steps.push({ kind: 'shed', channelId: next.channelId, loadKw });
      active.push({ channelId: next.channelId, shedAt: now, loadKw });
    }
    return done();
  }

  const last = active.at(-1);
  if (
    last &&
    now - last.shedAt >= settings.minOffMs &&
    predictedKw + last.loadKw < settings.targetKw - settings.restoreMarginKw
  ) {
    steps.push({ kind: 'restore', channelId: last.channelId, reason: 'safe' });
    active = active.slice(0, -1);
  }
  return done();
}

/** Settings as stored (minutes and percent) to the reducer's units. */
export function shedSettings(
  stored: {
    targetPercent: number;
    autoShed: boolean;
    minOffMinutes: number;
    maxOffMinutes: number;
    restoreMarginPercent: number;
  },
  contractCapacityKw: number,
): ShedSettings {
  return {
    targetKw: (contractCapacityKw * stored.targetPercent) / 100,
    autoShed: stored.autoShed,
    minOffMs: stored.minOffMinutes * MINUTE_MS,
    maxOffMs: stored.maxOffMinutes * MINUTE_MS,
    restoreMarginKw: (contractCapacityKw * stored.restoreMarginPercent) / 100,
  };
}
