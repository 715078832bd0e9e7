import type { Balance, PhaseKey, PhaseReadings, Reading } from '@wattboard/contract';

/** Display order of the phase keys: wye, delta, single-phase three-wire, single. */
export const PHASE_ORDER: readonly PhaseKey[] = [
  'a',
  'b',
  'c',
  'ab',
  'bc',
  'ca',
  'l1',
  'l2',
  'value',
];

export interface PhaseRow {
  phase: PhaseKey;
  reading: Reading;
  level: 'high' | 'mid' | 'low' | null;
}

/** The phases a channel reports, in wiring order, each with its balance level when there is one. */
export function phaseRows(channels: PhaseReadings, balance: Balance): PhaseRow[] {
  const levels = (balance?.level ?? {}) as Partial<Record<PhaseKey, PhaseRow['level']>>;
  return PHASE_ORDER.flatMap((phase) => {
    const reading = channels[phase];
    return reading ? [{ phase, reading, level: levels[phase] ?? null }] : [];
  });
}

/** Whether any phase reports a power factor or temperature (columns shown only when useful). */
export function phaseColumns(rows: readonly PhaseRow[]) {
  return {
    pf: rows.some((row) => row.reading.pf !== undefined),
    temperature: rows.some((row) => row.reading.temperature !== undefined),
    balance: rows.some((row) => row.level !== null),
  };
}
