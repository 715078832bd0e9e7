import { hashString, unit } from './random.ts';

/**
 * What a circuit feeds decides how it draws power. The demo tree names its
 * circuits ("Air Compressor 1", "Chiller", "Solar Inverter 2"...), so the kind
 * is read from the English name; anything unrecognised is a generic
 * production load.
 */
export type LoadKind =
  | 'solar'
  | 'compressor'
  | 'dryer'
  | 'cnc'
  | 'coolantPump'
  | 'waterPump'
  | 'chiller'
  | 'airHandler'
  | 'coolingTower'
  | 'officeAc'
  | 'emergencyLighting'
  | 'outdoorLighting'
  | 'warehouseLighting'
  | 'workshopLighting'
  | 'officeSockets'
  | 'serverRoom'
  | 'pantry'
  | 'elevator'
  | 'evCharger'
  | 'wastewater'
  | 'generic';

interface KindSpec {
  kind: LoadKind;
  pattern: RegExp;
  /** Nameplate power, kW (each circuit varies ±10 % around it). */
  ratedKw: number;
  /** Power factor at full load (it sags a little at light load). */
  pf: number;
}

/** Order matters: the first pattern that matches the name wins. */
const KINDS: readonly KindSpec[] = [
  { kind: 'solar', pattern: /solar|photovoltaic|\bpv\b/i, ratedKw: 60, pf: 0.98 },
  { kind: 'compressor', pattern: /compressor/i, ratedKw: 75, pf: 0.88 },
  { kind: 'dryer', pattern: /dryer/i, ratedKw: 7.5, pf: 0.86 },
  { kind: 'cnc', pattern: /cnc|lathe|milling|machining/i, ratedKw: 32, pf: 0.87 },
  { kind: 'coolantPump', pattern: /coolant/i, ratedKw: 5.5, pf: 0.86 },
  { kind: 'waterPump', pattern: /pump/i, ratedKw: 5.5, pf: 0.86 },
  { kind: 'chiller', pattern: /chiller/i, ratedKw: 150, pf: 0.92 },
  { kind: 'airHandler', pattern: /air handling|\bahu\b/i, ratedKw: 15, pf: 0.9 },
  { kind: 'coolingTower', pattern: /cooling tower/i, ratedKw: 18, pf: 0.88 },
  { kind: 'officeAc', pattern: /air condition|\bhvac\b/i, ratedKw: 8, pf: 0.93 },
  { kind: 'emergencyLighting', pattern: /emergency/i, ratedKw: 0.6, pf: 0.95 },
  { kind: 'outdoorLighting', pattern: /outdoor|street|parking/i, ratedKw: 4, pf: 0.96 },
  { kind: 'warehouseLighting', pattern: /warehouse/i, ratedKw: 9, pf: 0.96 },
  { kind: 'workshopLighting', pattern: /light/i, ratedKw: 18, pf: 0.96 },
  { kind: 'officeSockets', pattern: /socket|plug|receptacle/i, ratedKw: 4, pf: 0.94 },
  { kind: 'serverRoom', pattern: /server|data cent/i, ratedKw: 4.5, pf: 0.97 },
  { kind: 'pantry', pattern: /pantry|kitchen|canteen/i, ratedKw: 2.5, pf: 0.97 },
  { kind: 'elevator', pattern: /elevator|lift/i, ratedKw: 11, pf: 0.85 },
  { kind: 'evCharger', pattern: /\bev\b|charger|charging/i, ratedKw: 7, pf: 0.98 },
  { kind: 'wastewater', pattern: /wastewater|sewage|effluent/i, ratedKw: 7, pf: 0.86 },
];

const GENERIC: KindSpec = { kind: 'generic', pattern: /.*/, ratedKw: 10, pf: 0.9 };

/** One circuit's load model: everything constant about it, fixed once. */
export interface LoadProfile {
  kind: LoadKind;
  /** Stable random key derived from the serial and the seed. */
  key: number;
  ratedKw: number;
  fullLoadPf: number;
  /** 1, 2, 3... from the name ("Air Compressor 2"): compressors stage in this order. */
  stage: number;
}

export function classifyLoad(name: string): LoadKind {
  return (KINDS.find((spec) => spec.pattern.test(name)) ?? GENERIC).kind;
}

export function loadProfile(name: string, serial: string, seed: number): LoadProfile {
  const spec = KINDS.find((candidate) => candidate.pattern.test(name)) ?? GENERIC;
  const key = hashString(`${seed}:${serial}`);
  const stageMatch = /(\d+)\s*$/.exec(name);
  const stage = stageMatch ? Math.max(1, Number(stageMatch[1])) : 1;
  // Compressors are sized by stage (75, 55, 37 kW); everything else varies ±10 %.
  const compressorSizes = [75, 55, 37];
  const rated =
    spec.kind === 'compressor'
      ? (compressorSizes[Math.min(stage, 3) - 1] ?? 37)
      : spec.ratedKw * (0.9 + 0.2 * unit(key, 1));
  return { kind: spec.kind, key, ratedKw: rated, fullLoadPf: spec.pf, stage };
}
