import type { Balance, Level, PhaseKey, PhaseReadings, Reading } from '@wattboard/contract';
import { balanceLevel } from './levels.ts';
import { roundMeasure } from './rounding.ts';

/** Phase keys each wiring reports. */
export const WIRING_PHASES: Record<string, readonly PhaseKey[]> = {
  'a,b,c': ['a', 'b', 'c'],
  'ab,bc,ca': ['ab', 'bc', 'ca'],
  'l1,l2': ['l1', 'l2'],
  value: ['value'],
};

const THREE_PHASE_WIRINGS = new Set(['a,b,c', 'ab,bc,ca']);

/** One phase of a stored reading (readings.phases / latest_readings.phases). */
export interface StoredPhase {
  voltage: number;
  current: number;
  kw: number;
  pf?: number | null;
}

/** A node's latest stored reading, as far as the monitor page shows it. */
export interface LatestReading {
  phases: Partial<Record<string, StoredPhase>>;
  kw: number | null;
  temperature: number | null;
}

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The latest values per phase of the node's wiring. Temperature is measured
 * once per meter, so each phase carries it. Per-phase energy is not measured
 * (counters are per meter), so `valueKWH` is left out rather than guessed.
 */
export function phaseReadings(wiring: string | null, latest: LatestReading | null): PhaseReadings {
  const readings: PhaseReadings = {};
  if (!wiring || !latest) return readings;
  for (const key of WIRING_PHASES[wiring] ?? []) {
    const phase = latest.phases[key];
    if (!phase) continue;
    const reading: Reading = {
      voltage: roundMeasure(phase.voltage),
      current: roundMeasure(phase.current),
      valueKw: roundMeasure(phase.kw),
    };
    if (finite(phase.pf)) reading.pf = roundMeasure(phase.pf);
    if (finite(latest.temperature)) reading.temperature = roundMeasure(latest.temperature);
    readings[key] = reading;
  }
  return readings;
}

/**
 * Three-phase balance: total kW and each phase's level against the
 * mean of the three currents (±10 %). Null for other wirings, and when a phase
 * is missing from the reading (a balance of two phases would mislead).
 */
export function phaseBalance(wiring: string | null, latest: LatestReading | null): Balance {
  if (!wiring || !latest || !THREE_PHASE_WIRINGS.has(wiring)) return null;
  const keys = WIRING_PHASES[wiring] ?? [];
  const currents = keys.map((key) => latest.phases[key]?.current);
  if (!currents.every(finite)) return null;
  const mean = currents.reduce((sum, current) => sum + current, 0) / currents.length;
  const level: Partial<Record<PhaseKey, Level>> = {};
  keys.forEach((key, index) => {
    level[key] = balanceLevel(currents[index]!, mean);
  });
  const totalKw = latest.kw ?? keys.reduce((sum, key) => sum + (latest.phases[key]?.kw ?? 0), 0);
  return { valueKw: roundMeasure(totalKw), level };
}
