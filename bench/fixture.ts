import type { Db } from '../apps/server/src/platform/db/db.ts';
import { hashPassword, scryptParams } from '../apps/server/src/modules/auth/password.ts';

export type Wiring = 'a,b,c' | 'ab,bc,ca' | 'l1,l2' | 'value';

export interface BenchNode {
  id: number;
  serial: string;
  wiring: Wiring;
  /** Typical load, so the counters grow believably. */
  baseKw: number;
}

export interface BenchFactory {
  factoryId: number;
  rootId: number;
  meterIds: number[];
  metered: BenchNode[];
  email: string;
  password: string;
}

const CIRCUIT_WIRINGS: Wiring[] = ['a,b,c', 'ab,bc,ca', 'l1,l2', 'value'];

async function insertNode(
  db: Db,
  factoryId: number,
  fields: {
    parentId: number | null;
    type: string;
    name: string;
    wiring: Wiring | null;
    serial: string | null;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO nodes (factory_id, parent_id, type, ch_name, name, wiring, serial, frequency_hz)
     VALUES ($1, $2, $3, $4, $4, $5, $6, 60) RETURNING id`,
    [factoryId, fields.parentId, fields.type, fields.name, fields.wiring, fields.serial],
  );
  return row!.id;
}

/**
 * A factory with a virtual root, `meters` three-phase smart meters and
 * `circuitsPerMeter` circuits under each (all four wirings), and one user.
 */
export async function createBenchFactory(
  db: Db,
  slug: string,
  meters: number,
  circuitsPerMeter: number,
): Promise<BenchFactory> {
  const [factory] = await db.query<{ id: number }>(
    `INSERT INTO factories (slug, name, name_zh, time_zone) VALUES ($1, $1, $1, 'Asia/Taipei') RETURNING id`,
    [slug],
  );
  const factoryId = factory!.id;
  const rootId = await insertNode(db, factoryId, {
    parentId: null,
    type: 'virtual',
    name: 'Incoming',
    wiring: null,
    serial: null,
  });
  const metered: BenchNode[] = [];
  const meterIds: number[] = [];
  for (let m = 1; m <= meters; m++) {
    const serial = `${slug}-M${m}`;
    const meterId = await insertNode(db, factoryId, {
      parentId: rootId,
      type: 'smartMeter',
      name: `Meter ${m}`,
      wiring: 'a,b,c',
      serial,
    });
    meterIds.push(meterId);
    metered.push({ id: meterId, serial, wiring: 'a,b,c', baseKw: 40 * circuitsPerMeter });
    for (let c = 1; c <= circuitsPerMeter; c++) {
      const wiring = CIRCUIT_WIRINGS[(c - 1) % CIRCUIT_WIRINGS.length]!;
      const circuitSerial = `${serial}-C${c}`;
      const id = await insertNode(db, factoryId, {
        parentId: meterId,
        type: 'circuit',
        name: `Circuit ${m}.${c}`,
        wiring,
        serial: circuitSerial,
      });
      metered.push({ id, serial: circuitSerial, wiring, baseKw: 10 + 10 * c });
    }
  }
  const email = `${slug}@bench.local`;
  const password = 'bench-password';
  await db.query(
    `INSERT INTO users (factory_id, email, username, password_hash) VALUES ($1, $2, $3, $4)`,
    [factoryId, email, slug, await hashPassword(password, scryptParams(10))],
  );
  return { factoryId, rootId, meterIds, metered, email, password };
}

const PHASES: Record<Wiring, string[]> = {
  'a,b,c': ['a', 'b', 'c'],
  'ab,bc,ca': ['ab', 'bc', 'ca'],
  'l1,l2': ['l1', 'l2'],
  value: ['value'],
};
const VOLTS: Record<Wiring, number> = { 'a,b,c': 220, 'ab,bc,ca': 380, 'l1,l2': 110, value: 220 };

/**
 * Readings in the ingest wire format for every metered node at each step
 * from `from` (inclusive) to `to` (exclusive), counters consistent with kW.
 * `counters` carries each node's cumulative kWh across calls.
 */
export function wireReadings(
  nodes: BenchNode[],
  from: number,
  to: number,
  stepMs: number,
  counters: Map<number, number>,
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let ts = from; ts < to; ts += stepMs) {
    const hour = new Date(ts).getUTCHours();
    const shift = hour >= 0 && hour < 14 ? 1 : 0.35; // 08:00–22:00 in Taipei
    for (const node of nodes) {
      const kw = node.baseKw * shift * (0.9 + 0.2 * Math.abs(Math.sin(ts / 3.7e6 + node.id)));
      const counter = (counters.get(node.id) ?? 1000) + (kw * stepMs) / 3_600_000;
      counters.set(node.id, counter);
      const keys = PHASES[node.wiring];
      const phaseKw = kw / keys.length;
      const volts = VOLTS[node.wiring];
      out.push({
        serial: node.serial,
        ts: new Date(ts).toISOString(),
        phases: Object.fromEntries(
          keys.map((k) => [
            k,
            { voltage: volts, current: (phaseKw * 1000) / (volts * 0.92), kw: phaseKw, pf: 0.92 },
          ]),
        ),
        kwhForward: Number(counter.toFixed(4)),
        kwhReverse: 0,
        frequency: 60,
        temperature: 32,
      });
    }
  }
  return out;
}
