/**
 * What each alarm target measures, as pure functions of a stored
 * reading: the evaluation on ingest and the settings list's `data` share them.
 */
import { alarmTarget, type AlarmTarget } from '@wattboard/contract';
import { blockClosedBy } from '../monitor/index.ts';

/** Every target in the order the settings list shows them. */
export const ALARM_TARGETS: readonly AlarmTarget[] = alarmTarget.options;

export const TARGET_UNITS: Record<AlarmTarget, string> = {
  voltage: 'V',
  current: 'A',
  power: 'kW',
  demand: 'kW',
  pf: '',
  temperature: '°C',
  frequency: 'Hz',
  imbalance: '%',
};

/** Either bound may be missing: no limit on that side. */
export interface Limits {
  low: number | null;
  high: number | null;
}

export interface MeasuredPhase {
  voltage: number;
  current: number;
  kw: number;
  pf?: number | null;
}

/** A stored reading as far as alarms look at it (a NormalizedReading or a latest_readings row). */
export interface MeasuredValues {
  phases: Partial<Record<string, MeasuredPhase>>;
  kw: number | null;
  frequency: number | null;
  temperature: number | null;
}

const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * How far a value lies outside the limits (positive) or inside them
 * (negative margin to the nearer limit). With no limit at all every value is
 * equally "inside", so 0.
 */
export function excess(value: number, limits: Limits): number {
  const overHigh = limits.high === null ? -Infinity : value - limits.high;
  const underLow = limits.low === null ? -Infinity : limits.low - value;
  const worst = Math.max(overHigh, underLow);
  return worst === -Infinity ? 0 : worst;
}

function phaseValues(values: MeasuredValues, pick: (phase: MeasuredPhase) => unknown): number[] {
  return Object.values(values.phases).flatMap((phase) => {
    const value = phase ? pick(phase) : undefined;
    return finite(value) ? [value] : [];
  });
}

/**
 * The phase voltage that matters: the one furthest outside the limits (or
 * closest to leaving them). Without limits, the mean of the phases.
 */
export function voltageValue(values: MeasuredValues, limits: Limits): number | null {
  const voltages = phaseValues(values, (phase) => phase.voltage);
  if (voltages.length === 0) return null;
  if (limits.low === null && limits.high === null) {
    return voltages.reduce((sum, v) => sum + v, 0) / voltages.length;
  }
  return voltages.reduce((worst, v) => (excess(v, limits) > excess(worst, limits) ? v : worst));
}

/** The largest phase current. */
export function currentValue(values: MeasuredValues): number | null {
  const currents = phaseValues(values, (phase) => phase.current);
  return currents.length === 0 ? null : Math.max(...currents);
}

/**
 * The worst phase's power factor: the lowest magnitude. A meter may sign the
 * power factor by direction (export negative); the sign is not a fault.
 */
export function pfValue(values: MeasuredValues): number | null {
  const factors = phaseValues(values, (phase) => phase.pf).map(Math.abs);
  return factors.length === 0 ? null : Math.min(...factors);
}

/**
 * The largest deviation of a phase current from the mean of the phases, in %
 * of the mean (three-phase wirings only, like the balance card). Null with
 * fewer than three phases or no current at all (a percentage of nothing).
 */
export function imbalanceValue(values: MeasuredValues): number | null {
  const currents = phaseValues(values, (phase) => phase.current);
  if (currents.length < 3) return null;
  const mean = currents.reduce((sum, c) => sum + c, 0) / currents.length;
  if (mean <= 0) return null;
  return (Math.max(...currents.map((c) => Math.abs(c - mean))) / mean) * 100;
}

/**
 * Start of the 15-minute block a measured node's reading at `ts` makes current:
 * the reading itself is stored, so the block ending at or before it is complete
 * (the rule "Real Time Demand" uses, modules/monitor/calc/real-time-demand.ts). An unfinished
 * block's energy so far would understate it, so the alarm compares the same
 * figure people see.
 */
export function demandBlockStart(ts: number): number {
  return blockClosedBy(ts);
}

/**
 * The value of `target` in a reading. `demandKw` is the node's current block
 * demand (see demandBlockStart), looked up by the caller from the rollups.
 */
export function targetValue(
  target: AlarmTarget,
  values: MeasuredValues | null,
  limits: Limits,
  demandKw: number | null,
): number | null {
  if (target === 'demand') return finite(demandKw) ? demandKw : null;
  if (!values) return null;
  switch (target) {
    case 'voltage':
      return voltageValue(values, limits);
    case 'current':
      return currentValue(values);
    case 'power':
      return finite(values.kw) ? values.kw : null;
    case 'pf':
      return pfValue(values);
    case 'temperature':
      return finite(values.temperature) ? values.temperature : null;
    case 'frequency':
      return finite(values.frequency) ? values.frequency : null;
    case 'imbalance':
      return imbalanceValue(values);
  }
}
