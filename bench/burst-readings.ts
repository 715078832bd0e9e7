// The ingest burst of `node bench/first-start.ts`: what a gateway sends when it
// uploads the buffer it kept through a network outage — a reading a minute for
// every meter and circuit of the demo factory, older than the 90-day backfill
// (so none is a duplicate), with counters that grow as the load runs.
import {
  DEMO_TREE,
  type DemoNode,
  type Wiring,
} from '../apps/server/src/modules/demo/demo-factory.ts';

export interface BurstMeter {
  serial: string;
  wiring: Wiring;
}

/** Every metered node of the demo factory (smart meters and circuits). */
export function demoMeters(node: DemoNode = DEMO_TREE): BurstMeter[] {
  const own = node.serial && node.wiring ? [{ serial: node.serial, wiring: node.wiring }] : [];
  return [...own, ...(node.children ?? []).flatMap((child) => demoMeters(child))];
}

const PHASE_KEYS: Record<Wiring, string[]> = {
  'a,b,c': ['a', 'b', 'c'],
  'ab,bc,ca': ['ab', 'bc', 'ca'],
  'l1,l2': ['l1', 'l2'],
  value: ['value'],
};

/**
 * `count` readings, one a minute per meter from `start` on, round-robin over
 * the meters (so every batch touches all of them, as a real upload does).
 */
export function burstReadings(meters: BurstMeter[], count: number, start: Date) {
  const readings = [];
  for (let i = 0; i < count; i++) {
    const meter = meters[i % meters.length]!;
    const minute = Math.floor(i / meters.length);
    const kw = 3 + ((i % meters.length) % 7); // steady per meter: its counter only grows
    const phase = { voltage: 220, current: 10, kw: kw / PHASE_KEYS[meter.wiring].length, pf: 0.95 };
    readings.push({
      serial: meter.serial,
      ts: new Date(start.getTime() + minute * 60_000).toISOString(),
      phases: Object.fromEntries(PHASE_KEYS[meter.wiring].map((key) => [key, phase])),
      kwhForward: 1000 + (minute * kw) / 60,
      kwhReverse: 0,
      frequency: 60,
    });
  }
  return readings;
}
