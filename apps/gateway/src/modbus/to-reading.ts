import { WIRING_PHASE_KEYS, type WireReading, type Wiring } from '@wattboard/contract/ingest';
import type { Quantity } from '@wattboard/contract/meter-templates';
import type { Values } from './read-meter.ts';

/** How many of the manual's phases (L1, L2, L3) a node's wiring uses, in order. */
export function wiringPhaseCount(wiring: Wiring): number {
  return WIRING_PHASE_KEYS[wiring].length;
}

/**
 * The decoded values as the server's wire reading. The node's wiring names the phase keys
 * (a,b,c for a wye meter, value for a single-phase one); L1..L3 fill them in order. A phase
 * without voltage, current or kW makes the reading unusable (the server requires them), so that
 * throws; optional values that did not decode are left out, never sent as 0.
 */
export function toWireReading(
  serial: string,
  wiring: Wiring,
  ts: Date,
  values: Values,
): WireReading {
  const phases: WireReading['phases'] = {};
  WIRING_PHASE_KEYS[wiring].forEach((key, i) => {
    const n = i + 1;
    const get = (q: string) => values[`${q}_l${n}` as Quantity];
    const [voltage, current, kw] = [get('voltage'), get('current'), get('kw')];
    if (voltage === undefined || current === undefined || kw === undefined) {
      throw new Error(`${serial}: phase L${n} lacks voltage, current or kW`);
    }
    const pf = get('pf');
    phases[key] = pf === undefined ? { voltage, current, kw } : { voltage, current, kw, pf };
  });
  const optional = {
    kw: values.kw_total,
    kwhForward: values.kwh_import,
    kwhReverse: values.kwh_export,
    kvarhLagging: values.kvarh_import,
    frequency: values.frequency,
  };
  const reading: WireReading = { serial, ts: ts.toISOString(), phases };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(reading, { [key]: value });
  }
  return reading;
}
