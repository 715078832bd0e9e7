import type { BusConfig, MeterConfig } from '../config.ts';

/** What the gateway runs, or should run: buses by id, meters by the serial they feed. */
export interface MeterLayout {
  buses: readonly BusConfig[];
  meters: readonly MeterConfig[];
}

export interface ChangePlan {
  /** Serials whose pollers stop (removed, or changed and restarted below). */
  stopMeters: string[];
  closeBuses: string[];
  openBuses: BusConfig[];
  startMeters: MeterConfig[];
  /** One line per meter that changed, for the log. */
  changes: string[];
}

const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

export function describeMeter(m: MeterConfig): string {
  return `${m.serial} (bus ${m.bus}, unit ${m.unitId}, ${m.template}, every ${m.pollIntervalMs / 1000} s)`;
}

/**
 * The least that changes a running layout into the next: untouched meters keep polling (and keep
 * their grid), a changed meter or a meter on a changed bus restarts, a bus nobody uses closes.
 * Pure; the queue and the sender are not part of it, so no queued reading is affected.
 */
export function planChange(running: MeterLayout, next: MeterLayout): ChangePlan {
  const runningBuses = new Map(running.buses.map((b) => [b.id, b]));
  const nextBuses = new Map(next.buses.map((b) => [b.id, b]));
  const replaced = new Set(
    [...runningBuses.keys()].filter((id) => {
      const b = nextBuses.get(id);
      return !b || !same(b, runningBuses.get(id)!);
    }),
  );
  const closeBuses = [...replaced];
  const openBuses = next.buses.filter((b) => !runningBuses.has(b.id) || replaced.has(b.id));

  const nextMeters = new Map(next.meters.map((m) => [m.serial, m]));
  const runningMeters = new Map(running.meters.map((m) => [m.serial, m]));
  const plan: ChangePlan = { stopMeters: [], closeBuses, openBuses, startMeters: [], changes: [] };
  for (const [serial, old] of runningMeters) {
    const now = nextMeters.get(serial);
    if (!now) {
      plan.stopMeters.push(serial);
      plan.changes.push(`- ${describeMeter(old)}`);
    } else if (!same(old, now) || replaced.has(now.bus)) {
      plan.stopMeters.push(serial);
      plan.startMeters.push(now);
      plan.changes.push(`~ ${describeMeter(now)}, was ${describeMeter(old)}`);
    }
  }
  for (const [serial, m] of nextMeters) {
    if (!runningMeters.has(serial)) {
      plan.startMeters.push(m);
      plan.changes.push(`+ ${describeMeter(m)}`);
    }
  }
  return plan;
}
