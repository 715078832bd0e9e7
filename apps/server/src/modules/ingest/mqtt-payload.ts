import { ingestRequest } from '@wattboard/contract';
import { describeValidationProblems } from '../../platform/http/validation-message.ts';
import { parseJsonBody } from '../../platform/http/json-body.ts';

export type PayloadResult = { ok: true; readings: unknown[] } | { ok: false; reason: string };

/**
 * An MQTT message carries the HTTP body (`{"readings": [...]}`); a single
 * reading object is accepted too. A reading without a serial is the topic's
 * meter's own reading.
 */
export function readingsFromPayload(payload: Buffer | string, meterSerial: string): PayloadResult {
  // The same parser rules as an HTTP body (platform/http/json-body.ts): "__proto__" keys are named.
  const parsedJson = parseJsonBody(payload.toString(), 'The payload');
  if (!parsedJson.ok) {
    const reason =
      parsedJson.problem === 'syntax' ? 'payload is not valid JSON' : parsedJson.message;
    return { ok: false, reason };
  }
  const json = parsedJson.value;
  const isSingleReading =
    typeof json === 'object' && json !== null && !Array.isArray(json) && !('readings' in json);
  const body = isSingleReading ? { readings: [json] } : json;
  const parsed = ingestRequest.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({
      instancePath: `/${issue.path.map(String).join('/')}`,
      message: issue.message,
    }));
    return { ok: false, reason: describeValidationProblems(problems) };
  }
  const readings = parsed.data.readings.map((reading) =>
    reading.serial === undefined ? { ...reading, serial: meterSerial } : reading,
  );
  return { ok: true, readings };
}
