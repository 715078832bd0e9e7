import { WIRING_PHASE_KEYS, type PhaseKey, type Wiring } from '@wattboard/contract';
import { MINUTE_MS } from '@wattboard/zone-time';
import type { SimEnvironment } from './environment.ts';
import type { SimNode } from './model.ts';
import { clamp, signedUnit, smoothNoise, unit } from './random.ts';

/** One phase as a meter reports it. */
export interface PhaseReading {
  voltage: number;
  current: number;
  kw: number;
  /** null when nothing flows: a power factor of no current is undefined. */
  pf: number | null;
}
export type Phases = Partial<Record<PhaseKey, PhaseReading>>;

/**
 * Taiwan's low-voltage supply: 220/380 V three-phase four-wire (220 V phase to
 * neutral for a,b,c; 380 V line to line for ab,bc,ca), 110/220 V single-phase
 * three-wire (110 V per leg for l1,l2), and 220 V for a single measurement.
 */
export const NOMINAL_VOLTAGE: Readonly<Record<Wiring, number>> = {
  'a,b,c': 220,
  'ab,bc,ca': 380,
  'l1,l2': 110,
  value: 220,
};

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** Each phase of the bus sits a little apart; each panel loses a little on its feeder. */
function phaseVoltage(node: SimNode, phase: number, env: SimEnvironment): number {
  const bus = 0.004 * signedUnit(env.factoryKey, phase, 70);
  const feederDrop = 0.006 * unit(node.load.key, 71);
  const jitter = env.detailed
    ? 0.001 * signedUnit(node.load.key, Math.floor(env.mid / MINUTE_MS), 72 + phase)
    : 0;
  return NOMINAL_VOLTAGE[node.wiring] * env.voltageFactor * (1 + bus - feederDrop + jitter);
}

/** Lighter load, lower power factor (motors especially), always within 0.85–0.98. */
export function powerFactor(node: SimNode, kw: number, env: SimEnvironment): number {
  const fraction = node.ratedKw > 0 ? Math.min(1, Math.abs(kw) / node.ratedKw) : 1;
  const drift = 0.004 * smoothNoise(node.load.key, env.mid, 30 * MINUTE_MS, 73);
  return clamp(node.load.fullLoadPf - 0.05 * (1 - fraction) + drift, 0.85, 0.98);
}

function phaseReading(voltage: number, kw: number, pf: number): PhaseReading {
  const current = kw === 0 ? 0 : (Math.abs(kw) * 1000) / (voltage * pf);
  return {
    voltage: round(voltage, 1),
    current: round(current, 2),
    kw: round(kw, 3),
    pf: kw === 0 ? null : round(pf, 3),
  };
}

/** Shares of a circuit's power per phase: three-phase loads are nearly balanced, single-phase legs less so. */
function phaseWeights(node: SimNode, env: SimEnvironment): number[] {
  const keys = WIRING_PHASE_KEYS[node.wiring];
  const spread = keys.length === 2 ? 0.12 : 0.03;
  const raw = keys.map(
    (_, phase) =>
      1 +
      spread * signedUnit(node.load.key, phase, 74) +
      0.3 * spread * smoothNoise(node.load.key, env.mid, 30 * MINUTE_MS, 75 + phase),
  );
  const total = raw.reduce((sum, weight) => sum + weight, 0);
  return raw.map((weight) => weight / total);
}

/** A circuit's phases from its total kW. */
export function circuitPhases(node: SimNode, kw: number, env: SimEnvironment): Phases {
  const pf = powerFactor(node, kw, env);
  const weights = phaseWeights(node, env);
  const phases: Phases = {};
  WIRING_PHASE_KEYS[node.wiring].forEach((key, phase) => {
    phases[key] = phaseReading(phaseVoltage(node, phase, env), kw * (weights[phase] ?? 0), pf);
  });
  return phases;
}

/**
 * Where a child's phases land on its meter: the same key when the wirings
 * match; a single-phase circuit on one leg or phase, alternating by position;
 * otherwise spread evenly.
 */
function meterShares(meter: SimNode, child: SimNode, childPhases: Phases): Map<PhaseKey, number> {
  const meterKeys = WIRING_PHASE_KEYS[meter.wiring];
  const shares = new Map<PhaseKey, number>();
  const add = (key: PhaseKey, kw: number) => shares.set(key, (shares.get(key) ?? 0) + kw);
  const childKeys = WIRING_PHASE_KEYS[child.wiring];
  const childTotal = childKeys.reduce((sum, key) => sum + (childPhases[key]?.kw ?? 0), 0);
  if (child.wiring === meter.wiring) {
    for (const key of childKeys) add(key, childPhases[key]?.kw ?? 0);
  } else if (child.wiring === 'value') {
    add(meterKeys[child.position % meterKeys.length]!, childTotal);
  } else {
    for (const key of meterKeys) add(key, childTotal / meterKeys.length);
  }
  return shares;
}

/**
 * A meter's power factor: the kVA-weighted one of its circuits and its unmetered
 * load (taken at 0.9), within 0.85–0.98. Its phases and its kvarh counter
 * (reactive.ts) both use it, so the two agree.
 */
export function meterPowerFactor(
  children: ReadonlyArray<{ node: SimNode; kw: number }>,
  unmeteredKw: number,
  env: SimEnvironment,
): number {
  let realKw = Math.abs(unmeteredKw);
  let apparentKva = Math.abs(unmeteredKw) / 0.9;
  for (const child of children) {
    realKw += Math.abs(child.kw);
    apparentKva += Math.abs(child.kw) / powerFactor(child.node, child.kw, env);
  }
  return apparentKva > 0 ? clamp(realKw / apparentKva, 0.85, 0.98) : 0.9;
}

/**
 * A meter's phases: per phase the sum of its circuits' power plus an equal
 * share of the unmetered load; the power factor is the kVA-weighted one.
 */
export function meterPhases(
  meter: SimNode,
  children: ReadonlyArray<{ node: SimNode; phases: Phases; kw: number }>,
  unmeteredKw: number,
  env: SimEnvironment,
): Phases {
  const keys = WIRING_PHASE_KEYS[meter.wiring];
  const kwByKey = new Map<PhaseKey, number>(keys.map((key) => [key, unmeteredKw / keys.length]));
  for (const child of children) {
    for (const [key, kw] of meterShares(meter, child.node, child.phases)) {
      kwByKey.set(key, (kwByKey.get(key) ?? 0) + kw);
    }
  }
  const pf = meterPowerFactor(children, unmeteredKw, env);
  const phases: Phases = {};
  keys.forEach((key, phase) => {
    phases[key] = phaseReading(phaseVoltage(meter, phase, env), kwByKey.get(key) ?? 0, pf);
  });
  return phases;
}
