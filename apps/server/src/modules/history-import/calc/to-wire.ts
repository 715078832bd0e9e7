import {
  WIRING_PHASE_KEYS,
  type HistoryImportFormat,
  type HistoryRefusal,
  type HistoryRefusalKind,
  type Wiring,
} from '@wattboard/contract';
import { rejectionClass } from '../../ingest/index.ts';
import type { HistoryRow } from './map-rows.ts';

/** A wire reading (what a gateway sends) and the CSV row it came from; row 0 = an anchor. */
export interface RowReading {
  row: number;
  wire: Record<string, unknown>;
}

export interface WireOptions {
  format: HistoryImportFormat;
  intervalMinutes: number;
  intervalTime: 'start' | 'end';
  /** The meter's wiring by serial; undefined leaves the serial for ingest to refuse. */
  wiringOf: (serial: string) => Wiring | undefined;
  /**
   * Interval files: the kWh counter of the meter's latest stored reading before
   * its first row here, or null when it has none (decision 0070).
   */
  baseOf: (serial: string) => number | null;
  /**
   * Interval files: true when the meter has a stored reading after this time
   * and none at it. Such a row is refused: its running counter would meet the
   * later counter with a jump booked as energy (decision 0070).
   */
  laterReadingAfter?: (serial: string, ts: number) => boolean;
}

const HOUR_MS = 3_600_000;

/** Where an interval row's counter belongs: the end of its interval. */
export function readingTime(row: HistoryRow, options: WireOptions): number {
  const shift = options.format === 'interval' && options.intervalTime === 'start';
  return shift ? row.ts + options.intervalMinutes * 60_000 : row.ts;
}

function phases(wiring: Wiring | undefined, row: HistoryRow, kw: number) {
  // History carries one V, I and PF per row: every phase gets them, and the kW
  // is split evenly, so the total stays the row's. Unmeasured V and I are 0.
  const keys = wiring ? WIRING_PHASE_KEYS[wiring] : ['value'];
  const phase = {
    voltage: row.voltage ?? 0,
    current: row.current ?? 0,
    kw: kw / keys.length,
    pf: row.pf,
  };
  return Object.fromEntries(keys.map((key) => [key, phase]));
}

function wire(row: HistoryRow, ts: number, counter: number, kw: number, wiring?: Wiring) {
  return {
    serial: row.serial,
    ts: new Date(ts).toISOString(),
    phases: phases(wiring, row, kw),
    kw,
    kwhForward: counter,
    kvarhLagging: row.kvarh,
  };
}

/**
 * Rows to wire readings. Readings files carry the counter; interval files
 * carry energy, which becomes a counter continuing from `baseOf` (an anchor
 * reading of 0 at the first interval's start when the meter has no reading
 * before, so the first interval's energy counts). kW, when not given, is the
 * energy over the time since the meter's previous row. A meter's rows must run
 * forward in time within a chunk (the counter is a running sum).
 */
export function toWire(rows: readonly HistoryRow[], options: WireOptions) {
  const readings: RowReading[] = [];
  const refused: HistoryRefusal[] = [];
  const last = new Map<string, { ts: number; counter: number }>();
  const intervalMs = options.intervalMinutes * 60_000;

  for (const row of rows) {
    const ts = readingTime(row, options);
    const wiring = options.wiringOf(row.serial);
    let previous = last.get(row.serial);
    if (previous && ts <= previous.ts) {
      const before = new Date(previous.ts).toISOString();
      refused.push({
        row: row.row,
        column: null,
        kind: 'notSorted',
        value: row.serial,
        reason: `not after the previous row of meter "${row.serial}" (${before}): sort the file by time`,
      });
      continue;
    }
    if (options.format === 'interval' && row.kwh < 0) {
      refused.push({
        row: row.row,
        column: 'kwh',
        kind: 'negativeEnergy',
        value: String(row.kwh),
        reason: 'interval energy is negative',
      });
      continue;
    }
    if (options.format === 'interval' && options.laterReadingAfter?.(row.serial, ts)) {
      refused.push({
        row: row.row,
        column: null,
        kind: 'laterReadings',
        value: row.serial,
        reason: `meter "${row.serial}" has readings after ${new Date(ts).toISOString()}: interval energy only extends a meter's history forward (import it into a meter without readings, or send a readings file with the meter's counter)`,
      });
      continue;
    }
    if (options.format === 'interval' && !previous) {
      const base = options.baseOf(row.serial);
      previous = { ts: ts - intervalMs, counter: base ?? 0 };
      if (base === null) {
        readings.push({ row: 0, wire: wire(row, previous.ts, 0, 0, wiring) });
      }
    }
    const counter = options.format === 'interval' ? previous!.counter + row.kwh : row.kwh;
    const hours = previous ? (ts - previous.ts) / HOUR_MS : 0;
    const derivedKw = previous && hours > 0 ? (counter - previous.counter) / hours : 0;
    readings.push({ row: row.row, wire: wire(row, ts, counter, row.kw ?? derivedKw, wiring) });
    last.set(row.serial, { ts, counter });
  }
  return { readings, refused };
}

/** The kind of a pipeline refusal (ingest's sentence), told by the client in its language. */
export function kindOfReason(reason: string): HistoryRefusalKind {
  switch (rejectionClass(reason)) {
    case 'unknown_node':
      return 'unknownMeter';
    case 'future':
      return 'future';
    case 'too_old':
      return 'tooOld';
    case 'value':
      return 'outOfRange';
    case 'timestamp':
      return 'badTime';
    default:
      return 'other';
  }
}

/** The column a pipeline refusal is about, from its "field: problem" reason. */
export function columnOfReason(
  reason: string,
  mapping: Partial<Record<string, string>>,
): string | null {
  const field = /^([\w.]+):/.exec(reason)?.[1] ?? '';
  if (/unknown meter serial|virtual node/.test(reason)) return mapping.serial ?? null;
  if (/^timestamp /.test(reason) || field === 'ts') return mapping.time ?? null;
  if (field === 'kwhForward') return mapping.kwh ?? null;
  if (field === 'kvarhLagging') return mapping.kvarh ?? null;
  if (field === 'kw') return mapping.kw ?? null;
  const phaseField = /^phases\.\w+\.(voltage|current|kw|pf)$/.exec(field)?.[1];
  return phaseField ? (mapping[phaseField] ?? null) : null;
}
