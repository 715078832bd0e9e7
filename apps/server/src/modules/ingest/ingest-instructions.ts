/**
 * The exact commands an Admin pastes into a gateway (issue #13). Pure.
 */
import { WIRING_PHASE_KEYS, type IngestInstructions, type Wiring } from '@wattboard/contract';
import { DEFAULT_TOPIC_PREFIX, readingTopic } from './mqtt-topic.ts';

export const KEY_PLACEHOLDER = '<KEY>';
export const EXAMPLE_SERIAL = 'METER-1';
export const INGEST_PATH = '/v1/Ingest/Readings';

/** Text inside a single-quoted shell word. */
function shellQuoted(text: string): string {
  return `'${text.replaceAll("'", `'"'"'`)}'`;
}

export interface InstructionInput {
  /** e.g. http://192.168.1.10:3000: PUBLIC_URL or the server's own address (public-origin.ts). */
  origin: string;
  factoryId: number;
  /** The meter the example reads; null for the placeholder. */
  meter: { serial: string; wiring: Wiring } | null;
  key?: string;
}

/**
 * A curl command posting one reading of the meter timed "now" (the shell's
 * `date -u`), 220 V on every phase of its wiring; and the MQTT topic.
 */
export function ingestInstructions(input: InstructionInput): IngestInstructions {
  const serial = input.meter?.serial ?? EXAMPLE_SERIAL;
  const wiring = input.meter?.wiring ?? 'a,b,c';
  const phase = { voltage: 220, current: 5, kw: 1.05, pf: 0.95 };
  const phases = Object.fromEntries(WIRING_PHASE_KEYS[wiring].map((key) => [key, phase]));
  // The timestamp is spliced in by the shell: the JSON is split around it.
  const TS = '@@TS@@';
  const json = JSON.stringify({ readings: [{ serial, ts: TS, phases }] });
  const [before, after] = json.split(TS) as [string, string];
  const httpUrl = `${input.origin}${INGEST_PATH}`;
  const key = input.key ?? KEY_PLACEHOLDER;
  const httpCommand = [
    `curl -X POST ${shellQuoted(httpUrl)}`,
    `  -H ${shellQuoted(`Authorization: Bearer ${key}`)}`,
    `  -H 'Content-Type: application/json'`,
    `  -d ${shellQuoted(before)}"$(date -u +%Y-%m-%dT%H:%M:%SZ)"${shellQuoted(after)}`,
  ].join(' \\\n');
  return {
    httpUrl,
    httpCommand,
    mqttTopic: readingTopic(DEFAULT_TOPIC_PREFIX, input.factoryId, serial),
    exampleSerial: serial,
  };
}
