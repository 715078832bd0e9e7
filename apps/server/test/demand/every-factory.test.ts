import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNodeAnswer, demandStatusResponse } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { ADMIN, signInAs } from '../helpers/test-app.ts';
import { addFactoryWithUser } from '../hub/hub-kit.ts';
import {
  call,
  startControlApp,
  type ControlTestApp,
  type Session,
} from '../control/control-app.ts';

const MIN = 60_000;
/** A block start two days back (the ingest takes it), 10 minutes in: the prediction has a 5-minute rate and 10 minutes of energy. */
const START = new Date(Math.floor((Date.now() - 2 * 86_400_000) / (15 * MIN)) * 15 * MIN);

/**
 * Demand prediction and warning run every minute for every factory with a
 * contract capacity (channels or not), and for every node with its own
 * capacity (warned on that node, never shed), under the scheduler's lease.
 */
describe.each(backends)('demand for every factory and capacity node on %s', (backend) => {
  let t: ControlTestApp;
  let admin: Session;
  let other: { factoryId: number; meterId: number };

  /** The other factory's meter draws `kw` steadily: a reading each minute from 15 min before. */
  async function readings(nodeId: number, factoryId: number, kw: number, until: number) {
    for (let ts = START.getTime() - 15 * MIN, kwh = 1000; ts <= until; ts += MIN, kwh += kw / 60) {
      await t.db.query(
        `INSERT INTO readings (factory_id, node_id, ts, kw, kwh_forward)
         VALUES ($1, $2, $3::timestamptz, $4, $5)`,
        [factoryId, nodeId, new Date(ts).toISOString(), kw, kwh],
      );
    }
  }
  const events = (factoryId: number) =>
    t.db.query<{
      node_id: number;
      kind: string;
      target: string;
      title_en: string;
      desc_en: string;
    }>(
      `SELECT node_id, kind, target, title_en, desc_en FROM events
        WHERE factory_id = $1 AND kind = 'demand' ORDER BY id`,
      [factoryId],
    );

  beforeAll(async () => {
    t = await startControlApp(backend, new Date(START.getTime() + 10 * MIN));
    const signed = await signInAs(t.app, ADMIN);
    admin = { email: signed.email, token: signed.token };
    other = await addFactoryWithUser(t.db, t.app, 'demand-nochannels');
    await t.db.query('UPDATE factories SET contract_capacity_kw = 100 WHERE id = $1', [
      other.factoryId,
    ]);
    await readings(other.meterId, other.factoryId, 240, t.clock.now);
  }, 120_000);
  afterAll(() => t?.close());

  it('predicts and warns for a factory without channels, once across ticks', async () => {
    const channels = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM channel_schedules WHERE factory_id = $1',
      [other.factoryId],
    );
    expect(channels[0]!.n).toBe(0);
    const runs = await t.app.control.scheduler.tick(t.clock.now);
    expect(runs.find((r) => r.factoryId === other.factoryId)?.held).toBe(true);
    const stored = await t.db.query<{ predicted_kw: number; target_kw: number }>(
      'SELECT predicted_kw, target_kw FROM demand_predictions WHERE factory_id = $1',
      [other.factoryId],
    );
    expect(Number(stored[0]!.predicted_kw)).toBeCloseTo(240, 0);
    expect(Number(stored[0]!.target_kw)).toBe(95);
    await t.app.control.scheduler.tick(t.clock.now + MIN);
    const warned = await events(other.factoryId);
    expect(warned).toEqual([
      expect.objectContaining({
        node_id: other.meterId,
        target: 'predicted-demand',
        title_en: 'Predicted demand over target',
      }),
    ]);
    // Another factory's prediction never shows in the demo's.
    const demo = await call(t.app, t.demo, '/v1/Demand/Status', {});
    expect(demo.json().demand.targetKw).toBe(760);
  });

  it('a node capacity is set in Admin (400 naming a bad value) and warned on that node, never shed', async () => {
    const bad = await call(t.app, admin, '/v1/Admin/Node/Update', {
      nodeId: other.meterId,
      capacityKw: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('capacityKw');
    // Another factory's node is not the demo admin's to set.
    const foreign = await call(t.app, admin, '/v1/Admin/Node/Update', {
      nodeId: other.meterId,
      capacityKw: 50,
    });
    expect(foreign.json().statusCode).not.toBe(200);
    const minutes = async (n: number) => {
      for (let i = 0; i < n; i += 1) {
        t.clock.now += MIN;
        await t.app.simulator.tick(new Date(t.clock.now));
        // Rollups and latest values follow the acknowledgement (the worker paces its drains).
        await t.app.readingsFeed.idle();
        await t.app.control.scheduler.tick(t.clock.now + 3_000);
      }
    };
    await minutes(16); // the simulator's readings over a whole block
    // The demo's busiest circuit, given a capacity under half of what it draws.
    const nodes = await t.db.query<{ id: number; name: string; kw: number; factory_id: number }>(
      `SELECT n.id, n.name, l.kw, n.factory_id FROM nodes n
         JOIN factories f ON f.id = n.factory_id
         JOIN latest_readings l ON l.factory_id = n.factory_id AND l.node_id = n.id
        WHERE f.slug = 'demo' AND n.type = 'circuit' ORDER BY l.kw DESC LIMIT 1`,
    );
    const node = nodes[0]!;
    const capacityKw = Math.floor(Number(node.kw) / 2);
    expect(capacityKw).toBeGreaterThan(1);
    const updated = await call(t.app, admin, '/v1/Admin/Node/Update', {
      nodeId: node.id,
      capacityKw,
    });
    expect(updated.json().statusCode, updated.body).toBe(200);
    expect(adminNodeAnswer.parse(updated.json()).node.capacityKw).toBe(capacityKw);
    const demoFactory = node.factory_id;
    const shedBefore = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM demand_sheds',
    );
    await minutes(2);
    const warned = (await events(demoFactory)).filter((e) => e.node_id === node.id);
    expect(warned).toHaveLength(1);
    expect(warned[0]!.desc_en).toContain(node.name);
    expect(warned[0]!.desc_en).toContain(`capacity ${capacityKw.toFixed(1)} kW`);
    // Nothing is shed for a node's capacity (the demo's root stays under its target here).
    const shedAfter = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM demand_sheds',
    );
    expect(shedAfter[0]!.n).toBe(shedBefore[0]!.n);
    // Demand/Status shows the node's prediction against its own target (capacity × 95 %).
    const shown = demandStatusResponse.parse(
      (await call(t.app, t.demo, '/v1/Demand/Status', {})).json(),
    ).demand.nodes;
    expect(shown.map((n) => [n.nodeId, n.name, n.capacityKw])).toEqual([
      [node.id, node.name, capacityKw],
    ]);
    expect(shown[0]!.targetKw).toBeCloseTo(capacityKw * 0.95, 9);
    expect(shown[0]!.predictedKw).toBeGreaterThan(shown[0]!.targetKw);
    // Cleared, the node is no longer predicted.
    const cleared = await call(t.app, admin, '/v1/Admin/Node/Update', {
      nodeId: node.id,
      capacityKw: null,
    });
    expect(adminNodeAnswer.parse(cleared.json()).node.capacityKw).toBeNull();
    const after = await call(t.app, t.demo, '/v1/Demand/Status', {});
    expect(demandStatusResponse.parse(after.json()).demand.nodes).toEqual([]);
  }, 180_000);
});
