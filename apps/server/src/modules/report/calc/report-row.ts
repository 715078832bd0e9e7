import type { ReportRow } from '@wattboard/contract';
import { WIRING_PHASES, type StoredPhase } from '../../monitor/index.ts';
import { roundOrNull } from '../../monitor/index.ts';
import type { ZoneClock } from '@wattboard/zone-time';

/** One row of the readings table as stored (the columns the report reads). */
export interface StoredReading {
  nodeId: number;
  ts: Date;
  phases: Partial<Record<string, Partial<StoredPhase>>>;
  kw: number | null;
  kwhForward: number | null;
  kwhReverse: number | null;
  /** The lagging kvarh counter (issue #24); null when the meter has none. */
  kvarhLagging: number | null;
  frequency: number | null;
  temperature: number | null;
  receivedAt: Date;
}

/** The channel (meter or circuit) a reading belongs to. */
export interface ReportChannel {
  id: number;
  wiring: string | null;
  serial: string | null;
}

const COLUMNS = ['A', 'B', 'C'] as const;
type Column = (typeof COLUMNS)[number];

const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const orNull = (value: unknown): number | null => (finite(value) ? value : null);

interface PhaseFigures {
  voltage: number | null;
  current: number | null;
  kw: number | null;
  kva: number | null;
  kvar: number | null;
  pf: number | null;
}

/** Apparent power V × I / 1000 and reactive √(S² − P²), from what the meter reports. */
export function phaseFigures(phase: Partial<StoredPhase> | undefined): PhaseFigures {
  const voltage = orNull(phase?.voltage);
  const current = orNull(phase?.current);
  const kw = orNull(phase?.kw);
  const kva = voltage !== null && current !== null ? (voltage * current) / 1000 : null;
  const kvar = kva !== null && kw !== null ? Math.sqrt(Math.max(0, kva * kva - kw * kw)) : null;
  return { voltage, current, kw, kva, kvar, pf: orNull(phase?.pf) };
}

/** Sum of the present values; null when none is present. */
function total(values: (number | null)[]): number | null {
  const present = values.filter(finite);
  return present.length === 0 ? null : present.reduce((sum, value) => sum + value, 0);
}

/**
 * The flat report row of one stored reading (contract `reportRow`): the
 * wiring's phases in columns A, B, C, totals over the phases (the reading's
 * own kW when it has one), counters as read, times factory-local.
 */
export function toReportRow(
  reading: StoredReading,
  channel: ReportChannel,
  smartmeterId: number,
  clock: ZoneClock,
): ReportRow {
  const keys = channel.wiring ? (WIRING_PHASES[channel.wiring] ?? []) : [];
  const byColumn = new Map<Column, PhaseFigures>();
  keys.forEach((key, index) => {
    const column = COLUMNS[index];
    if (column && reading.phases[key]) byColumn.set(column, phaseFigures(reading.phases[key]));
  });
  const figures = COLUMNS.map((column) => byColumn.get(column) ?? null);
  const field = (column: Column, name: keyof PhaseFigures) =>
    roundOrNull(byColumn.get(column)?.[name] ?? null);
  const kwTotal = reading.kw ?? total(figures.map((f) => f?.kw ?? null));
  const kvaTotal = total(figures.map((f) => f?.kva ?? null));
  const forward = orNull(reading.kwhForward);
  const reverse = orNull(reading.kwhReverse);
  return {
    smartmeterId,
    channelId: channel.id,
    serialNumber: channel.serial ?? '',
    dtReading: clock.formatIso(reading.ts.getTime()),
    dtReceived: clock.formatIso(reading.receivedAt.getTime()),
    voltage_A: field('A', 'voltage'),
    voltage_B: field('B', 'voltage'),
    voltage_C: field('C', 'voltage'),
    current_A: field('A', 'current'),
    current_B: field('B', 'current'),
    current_C: field('C', 'current'),
    realPowerKW_A: field('A', 'kw'),
    realPowerKW_B: field('B', 'kw'),
    realPowerKW_C: field('C', 'kw'),
    realPowerKW_Total: roundOrNull(kwTotal),
    apparentPowerKVA_A: field('A', 'kva'),
    apparentPowerKVA_B: field('B', 'kva'),
    apparentPowerKVA_C: field('C', 'kva'),
    apparentPowerKVA_Total: roundOrNull(kvaTotal),
    reactivePowerKVAR_A: field('A', 'kvar'),
    reactivePowerKVAR_B: field('B', 'kvar'),
    reactivePowerKVAR_C: field('C', 'kvar'),
    reactivePowerKVAR_Total: roundOrNull(total(figures.map((f) => f?.kvar ?? null))),
    powerFactor_A: field('A', 'pf'),
    powerFactor_B: field('B', 'pf'),
    powerFactor_C: field('C', 'pf'),
    powerFactor_Total:
      kwTotal !== null && kvaTotal !== null && kvaTotal > 0
        ? roundOrNull(Math.min(1, Math.abs(kwTotal) / kvaTotal))
        : null,
    kwhForward: roundOrNull(forward),
    kwhReverse: roundOrNull(reverse),
    kwhTotal: forward === null ? null : roundOrNull(forward - (reverse ?? 0)),
    kvarhLagging: roundOrNull(orNull(reading.kvarhLagging)),
    frequencyHz: roundOrNull(orNull(reading.frequency)),
    temperature: roundOrNull(orNull(reading.temperature)),
  };
}
