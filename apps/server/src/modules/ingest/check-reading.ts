import {
  WIRING_PHASE_KEYS,
  wireReading,
  type ParsedWireReading,
  type PhaseKey,
  type Wiring,
} from '@wattboard/contract';
import type { NormalizedReading, PhaseValues } from '../rollups/index.ts';
import { DAY_MS } from '@wattboard/zone-time';

/** A gateway clock may run a little ahead of ours; beyond this a reading is refused. */
export const FUTURE_TOLERANCE_MS = 2 * 60 * 1000;

/** Earlier than this is a gateway whose clock was never set (1970), not history. */
export const EARLIEST_READING_MS = Date.UTC(2000, 0, 1);

/** What ingest needs to know about the node a serial names. */
export interface IngestNode {
  id: number;
  serial: string;
  type: 'smartMeter' | 'circuit' | 'virtual';
  wiring: Wiring | null;
  /** The meter this node belongs to: itself for a meter, its parent meter for a circuit. */
  meterSerial: string | null;
}

export interface CheckContext {
  /** Nodes of the gateway's factory by serial; anything else is unknown. */
  nodes: ReadonlyMap<string, IngestNode>;
  now: Date;
  /** MQTT: the topic names one meter; only it and its circuits may report there. */
  meterSerial?: string;
  /**
   * RAW_RETENTION_DAYS: older readings are refused, because rollups are rebuilt
   * from raw readings and the neighbours of such a reading are already pruned.
   */
  retentionDays?: number;
}

export type ReadingVerdict =
  { ok: true; reading: NormalizedReading } | { ok: false; serial: string | null; reason: string };

function serialOf(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const serial = (raw as Record<string, unknown>).serial;
  return typeof serial === 'string' && serial.trim() !== '' ? serial.trim() : null;
}

/** "a, b" vs the wiring's keys, in any order; the same set is a match. */
function phaseKeysProblem(given: string[], wiring: Wiring): string | undefined {
  const needed = WIRING_PHASE_KEYS[wiring];
  const matches = given.length === needed.length && needed.every((key) => given.includes(key));
  if (matches) return undefined;
  const shown = given.length > 0 ? given.join(', ') : 'none';
  return `phase keys (${shown}) do not match the wiring ${wiring}: needs ${needed.join(', ')}`;
}

function timeProblem(ts: Date, now: Date, retentionDays?: number): string | undefined {
  if (ts.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
    return `timestamp ${ts.toISOString()} is in the future (more than 2 minutes ahead of the server clock)`;
  }
  if (ts.getTime() < EARLIEST_READING_MS) {
    return `timestamp ${ts.toISOString()} is before 2000 (is the gateway clock set?)`;
  }
  if (retentionDays !== undefined && ts.getTime() < now.getTime() - retentionDays * DAY_MS) {
    return `timestamp ${ts.toISOString()} is older than the raw retention period (${retentionDays} days)`;
  }
  return undefined;
}

function nodeProblem(serial: string, node: IngestNode | undefined, context: CheckContext) {
  if (!node) return `unknown meter serial "${serial}"`;
  if (node.type === 'virtual' || node.wiring === null) {
    return `"${serial}" is a virtual node: it sums its children, send their readings instead`;
  }
  if (context.meterSerial !== undefined && node.meterSerial !== context.meterSerial) {
    return `"${serial}" is not meter "${context.meterSerial}" of the topic or one of its circuits`;
  }
  return undefined;
}

function normalize(parsed: ParsedWireReading, node: IngestNode): NormalizedReading {
  const phases: Partial<Record<PhaseKey, PhaseValues>> = {};
  let phaseKw = 0;
  for (const [key, phase] of Object.entries(parsed.phases)) {
    phases[key as PhaseKey] = phase;
    phaseKw += phase.kw;
  }
  return {
    nodeId: node.id,
    ts: parsed.ts,
    phases,
    kw: parsed.kw ?? phaseKw,
    kwhForward: parsed.kwhForward,
    kwhReverse: parsed.kwhReverse,
    kvarhLagging: parsed.kvarhLagging,
    frequency: parsed.frequency,
    temperature: parsed.temperature,
  };
}

/** The first field problem of a reading that does not parse, as "field: problem". */
export function parseReading(
  raw: unknown,
): { ok: true; parsed: ParsedWireReading } | { ok: false; reason: string } {
  const result = wireReading.safeParse(raw);
  if (result.success) return { ok: true, parsed: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'reading';
  return { ok: false, reason: `${field}: ${issue?.message ?? 'is invalid'}` };
}

/**
 * Judges one wire reading on its own: it parses, names a real,
 * non-virtual node of the factory, carries exactly its wiring's phase keys and
 * is not from the future. One reason per refusal, the first problem found.
 */
export function checkReading(raw: unknown, context: CheckContext): ReadingVerdict {
  const serial = serialOf(raw);
  const parsedResult = parseReading(raw);
  if (!parsedResult.ok) return { ok: false, serial, reason: parsedResult.reason };
  const { parsed } = parsedResult;

  const node = context.nodes.get(parsed.serial);
  const problem =
    nodeProblem(parsed.serial, node, context) ??
    timeProblem(parsed.ts, context.now, context.retentionDays) ??
    (node?.wiring ? phaseKeysProblem(Object.keys(parsed.phases), node.wiring) : undefined);
  if (problem !== undefined || !node) {
    return { ok: false, serial: parsed.serial, reason: problem ?? 'unknown node' };
  }
  return { ok: true, reading: normalize(parsed, node) };
}
