import { z } from 'zod';
import { defineCall } from './call.ts';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from './input.ts';
import { boundProblem, type BoundedQuantity } from './ingest-bounds.ts';
import type { PhaseKey } from './measurements.ts';

/**
 * Meter data in (docs/product/ingest-and-simulator.md): gateways POST batches of readings, or publish the
 * same JSON on MQTT. The batch envelope only checks its outer shape; each
 * reading is then checked on its own with `wireReading`, so one bad reading is
 * rejected with its reason while the rest of the batch is stored.
 */

/** How a meter is wired decides which phase keys its readings carry. */
export const wiring = z.enum(['a,b,c', 'ab,bc,ca', 'l1,l2', 'value']);
export type Wiring = z.infer<typeof wiring>;

export const WIRING_PHASE_KEYS: Readonly<Record<Wiring, readonly PhaseKey[]>> = {
  'a,b,c': ['a', 'b', 'c'],
  'ab,bc,ca': ['ab', 'bc', 'ca'],
  'l1,l2': ['l1', 'l2'],
  value: ['value'],
};

/** Most readings one request (or one MQTT message) may carry. */
export const MAX_READINGS_PER_BATCH = 5000;

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * The wire's numbers: a finite number or a numeric string. Unlike the
 * dashboard's numeric rule (unparsable → 0), a meter value that is NaN,
 * infinite or garbage is refused: storing 0 would invent a reading.
 */
export function parseWireNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !DECIMAL.test(value.trim())) return undefined;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : undefined;
}

function describeBadNumber(value: unknown): string {
  if (value === undefined) return 'missing number';
  if (value === null) return 'missing number (null)';
  if (typeof value === 'number' || /^\s*[+-]?infinity\s*$/i.test(String(value))) {
    return `not a finite number (${String(value)})`;
  }
  return `not a number (${JSON.stringify(value)?.slice(0, 40) ?? typeof value})`;
}

type NumberCheck = (n: number) => string | undefined;

/** The value as a number, or the problem with it in words. */
function readWireNumber(value: unknown, check?: NumberCheck): number | { problem: string } {
  const n = parseWireNumber(value);
  if (n === undefined) return { problem: describeBadNumber(value) };
  const problem = check?.(n);
  return problem === undefined ? n : { problem };
}

/** A required measurement; `check` adds a physical rule (e.g. voltage is never negative). */
function wireNumber(check?: NumberCheck) {
  return z.unknown().transform((value, ctx) => {
    const result = readWireNumber(value, check);
    if (typeof result === 'number') return result;
    ctx.issues.push({ code: 'custom', message: result.problem, input: value });
    return z.NEVER;
  });
}

/** An optional measurement: absent or null means "not measured" (kept as null, never 0). */
function optionalWireNumber(check?: NumberCheck) {
  const optional = z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null) return null;
    const result = readWireNumber(value, check);
    if (typeof result === 'number') return result;
    ctx.issues.push({ code: 'custom', message: result.problem, input: value });
    return z.NEVER;
  });
  // The default makes a missing key legal (zod 4 treats a bare transform as required).
  return optional.default(null);
}

/** A value within its plausible range (ingest-bounds.ts). */
const within = (quantity: BoundedQuantity) => (n: number) => boundProblem(quantity, n);

/** One phase as the meter measured it: V, A, kW (negative when exporting) and power factor. */
export const wirePhase = z.object({
  voltage: wireNumber(within('voltage')),
  current: wireNumber(within('current')),
  kw: wireNumber(within('kw')),
  pf: optionalWireNumber(within('pf')),
});

/** An instant with an explicit zone (Z or ±hh:mm): a gateway's local clock time is ambiguous. */
const wireTimestamp = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'missing' : 'timestamp unparsable: expected an ISO 8601 string',
  })
  .pipe(
    z.iso.datetime({
      offset: true,
      error: 'timestamp unparsable: expected ISO 8601 with Z or an offset',
    }),
  )
  .transform((text, ctx) => {
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) {
      ctx.issues.push({ code: 'custom', message: 'timestamp unparsable', input: text });
      return z.NEVER;
    }
    return new Date(ms);
  });

/**
 * One reading on the wire, e.g.
 * `{"serial":"WB-M01-C1","ts":"2026-11-21T06:03:00Z","phases":{"a":{...},"b":{...},"c":{...}},
 *   "kwhForward":12345.6,"kwhReverse":0,"kvarhLagging":4567.8,"frequency":60,"temperature":35.2}`.
 * Phase keys are checked against the node's wiring by the server, which knows it.
 */
export const wireReading = z.object({
  serial: z
    .string({
      error: (issue) => (issue.input === undefined ? 'missing' : 'must be a string'),
    })
    .trim()
    .min(1, 'missing')
    .refine((serial) => !hasControlCharacter(serial), CONTROL_CHARACTER_MESSAGE),
  ts: wireTimestamp,
  phases: z.record(z.string(), wirePhase, {
    error: (issue) =>
      issue.input === undefined
        ? 'missing'
        : 'must be an object keyed by phase, e.g. {"a": {"voltage": 220, ...}}',
  }),
  /** Total kW; when absent the sum of the phases' kW. */
  kw: optionalWireNumber(within('kw')),
  /** Cumulative import counter, kWh. */
  kwhForward: optionalWireNumber(within('counter')),
  /** Cumulative export counter, kWh (solar). */
  kwhReverse: optionalWireNumber(within('counter')),
  /**
   * Cumulative lagging (inductive) reactive counter, kvarh (issue #24: the bill's power factor
   * is kWh / √(kWh² + kvarh²) over the month). Absent when the meter has none: never 0.
   */
  kvarhLagging: optionalWireNumber(within('reactiveCounter')),
  frequency: optionalWireNumber(within('frequency')),
  temperature: optionalWireNumber(within('temperature')),
});
/** What a gateway (or the simulator) sends. */
export type WireReading = z.input<typeof wireReading>;
/** A reading whose fields all parsed; wiring, serial and clock are still to be checked. */
export type ParsedWireReading = z.output<typeof wireReading>;

/** The batch: only its outer shape, so one bad reading cannot reject the others. */
export const ingestRequest = z.object({
  readings: z
    .array(
      z
        .looseObject({})
        .describe('A wire reading (see wireReading); each is checked on its own when stored.'),
    )
    .min(1, 'send at least one reading')
    .max(MAX_READINGS_PER_BATCH, `send at most ${MAX_READINGS_PER_BATCH} readings per batch`),
});
export type IngestRequest = z.input<typeof ingestRequest>;

/** A reading that was not stored, by its position in the batch, and why. */
export const ingestRejection = z.object({
  index: z.number().int().nonnegative(),
  serial: z.string().nullable(),
  reason: z.string(),
});
export type IngestRejection = z.infer<typeof ingestRejection>;

/** Answered (HTTP 200) once the accepted readings are committed. No envelope: gateways are not users. */
export const ingestResponse = z.object({
  accepted: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  rejected: z.array(ingestRejection),
});
export type IngestResponse = z.infer<typeof ingestResponse>;

/** Authenticated by a gateway key (`Authorization: Bearer <key>`), not a user session. */
export const ingestReadingsCall = defineCall({
  method: 'POST',
  path: '/v1/Ingest/Readings',
  auth: true,
  request: ingestRequest,
  response: ingestResponse,
});
