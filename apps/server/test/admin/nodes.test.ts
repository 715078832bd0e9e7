import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminGatewayCreateResponse,
  adminJobListResponse,
  adminNodeAnswer,
  adminNodeListResponse,
} from '@wattboard/contract';
import { adminJobsIdle } from '../../src/modules/rollups/jobs/job-runner.ts';
import { backends } from '../helpers/backends.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const LIST = '/v1/Admin/Node/List';
const ADD = '/v1/Admin/Node/Add';
const UPDATE = '/v1/Admin/Node/Update';
const MOVE = '/v1/Admin/Node/Move';
const RETIRE = '/v1/Admin/Node/Retire';
const MINUTE = 60_000;

const phase = { voltage: 220, current: 5, kw: 1, pf: 0.95 };

describe.each(backends)('admin monitoring points on %s', (backend) => {
  let f: AdminFixture;
  let key: string;

  const node = async (path: string, body: Record<string, unknown>) => {
    const response = await f.call(path, f.adminToken, body);
    expect(response.json().statusCode, response.body).toBe(200);
    return adminNodeAnswer.parse(response.json());
  };
  const ingest = (serial: string, ts: number, kwh: number) =>
    f.t.app.inject({
      method: 'POST',
      url: '/v1/Ingest/Readings',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        readings: [
          {
            serial,
            ts: new Date(ts).toISOString(),
            phases: { a: phase, b: phase, c: phase },
            kwhForward: kwh,
          },
        ],
      },
    });
  const sum15m = async (nodeId: number) => {
    const rows = await f.t.testDb.db.query<{ kwh: number | null; n: number | string }>(
      'SELECT sum(kwh_forward) AS kwh, count(*) AS n FROM rollups_15m WHERE node_id = $1',
      [nodeId],
    );
    return { kwh: Number(rows[0]!.kwh ?? 0), rows: Number(rows[0]!.n) };
  };

  beforeAll(async () => {
    f = await startAdminFixture(backend);
    const gateway = await f.call('/v1/Admin/Gateway/Create', f.adminToken, {
      name: 'Test gateway',
    });
    key = adminGatewayCreateResponse.parse(gateway.json()).key;
  });
  afterAll(() => f.close());

  it('lists the factory tree; 403 for non-Admins, 1008 for another factory', async () => {
    const body = adminNodeListResponse.parse((await f.call(LIST, f.adminToken)).json());
    expect(body.nodes.length).toBeGreaterThan(3);
    expect(body.nodes.every((n) => n.retiredAt === null)).toBe(true);
    expect((await f.call(LIST, f.demoToken)).statusCode).toBe(403);
    const foreign = await f.call(LIST, f.adminToken, { factoryId: f.otherFactory });
    expect(foreign.json().statusCode).toBe(1008);
    const theirs = adminNodeListResponse.parse((await f.call(LIST, f.otherAdminToken)).json());
    expect(theirs.nodes).toEqual([]);
  });

  it('adds a meter that accepts a reading through the ingest at once', async () => {
    const before = await ingest('ADM-M1', Date.now() - MINUTE, 10);
    expect(before.json().rejected[0].reason).toMatch(/unknown/);
    const { node: meter } = await node(ADD, {
      type: 'smartMeter',
      name: 'Line 3',
      chName: '三號線',
      serial: 'ADM-M1',
      wiring: 'a,b,c',
      breakerType: 'MCCB 225A',
      frequencyHz: '60',
    });
    expect(meter).toMatchObject({
      parentId: null,
      serial: 'ADM-M1',
      frequencyHz: 60,
      retiredAt: null,
    });
    const after = await ingest('ADM-M1', Date.now() - MINUTE, 10);
    expect(after.json()).toMatchObject({ accepted: 1, rejected: [] });
    const audit = await f.t.testDb.db.query(
      "SELECT target_id FROM audit_log WHERE action = 'node.add'",
    );
    expect(audit).toEqual([{ target_id: String(meter.id) }]);
  });

  it('keeps the tree rules: circuits under meters, unique serials, own-factory parents', async () => {
    const meter = (
      await f.t.testDb.db.query<{ id: number }>("SELECT id FROM nodes WHERE serial = 'ADM-M1'")
    )[0]!.id;
    const circuit = { type: 'circuit', name: 'C', chName: 'C', wiring: 'a,b,c' };
    const top = await f.call(ADD, f.adminToken, { ...circuit, serial: 'ADM-C1' });
    expect(top.json()).toMatchObject({ statusCode: 201, message: ADMIN_MESSAGES.badParent });
    const taken = await f.call(ADD, f.adminToken, {
      ...circuit,
      serial: 'ADM-M1',
      parentId: meter,
    });
    expect(taken.json()).toMatchObject({ statusCode: 201, message: ADMIN_MESSAGES.serialTaken });
    const added = await node(ADD, { ...circuit, serial: 'ADM-C1', parentId: meter });
    expect(added.node.parentId).toBe(meter);
    const virtualUnderMeter = await f.call(ADD, f.adminToken, {
      type: 'virtual',
      name: 'V',
      chName: 'V',
      parentId: meter,
    });
    expect(virtualUnderMeter.json().message).toBe(ADMIN_MESSAGES.badParent);
    // The other factory cannot hang nodes under ours, nor see them.
    const foreign = await f.call(ADD, f.otherAdminToken, {
      ...circuit,
      serial: 'X1',
      parentId: meter,
    });
    expect(foreign.json()).toMatchObject({
      statusCode: 1009,
      message: ADMIN_MESSAGES.nodeNotFound,
    });
    for (const [path, body] of [
      [UPDATE, { nodeId: meter, name: 'stolen' }],
      [MOVE, { nodeId: meter, parentId: null }],
      [RETIRE, { nodeId: meter }],
    ] as const) {
      expect((await f.call(path, f.otherAdminToken, body)).json().statusCode).toBe(1009);
    }
    for (const [body, field] of [
      [{ type: 'circuit', name: 'C', chName: 'C', wiring: 'a,b,c', parentId: meter }, 'serial'],
      [{ type: 'smartMeter', name: 'M', chName: 'M', serial: 'S 1', wiring: 'a,b,c' }, 'serial'],
      [{ type: 'smartMeter', name: 'M', chName: 'M', serial: 'S2', wiring: 'abc' }, 'wiring'],
      [{ type: 'virtual', name: '', chName: 'V' }, 'name'],
      [
        {
          type: 'smartMeter',
          name: 'M',
          chName: 'M',
          serial: 'S3',
          wiring: 'a,b,c',
          frequencyHz: 'fast',
        },
        'frequencyHz',
      ],
    ] as const) {
      const response = await f.call(ADD, f.adminToken, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(field);
    }
  });

  it('renames in both languages and writes before/after to the audit log', async () => {
    const meter = (
      await f.t.testDb.db.query<{ id: number }>("SELECT id FROM nodes WHERE serial = 'ADM-M1'")
    )[0]!.id;
    const { node: renamed } = await node(UPDATE, {
      nodeId: meter,
      name: 'Line 3 (new)',
      chName: '新三號線',
    });
    expect(renamed).toMatchObject({ name: 'Line 3 (new)', chName: '新三號線', serial: 'ADM-M1' });
    const rows = await f.t.testDb.db.query<{ detail: Record<string, unknown> }>(
      "SELECT detail FROM audit_log WHERE action = 'node.update'",
    );
    expect(rows[0]!.detail).toEqual({
      name: { from: 'Line 3', to: 'Line 3 (new)' },
      chName: { from: '三號線', to: '新三號線' },
    });
  });

  it('moves a meter into a virtual node and recomputes its sums in the background; out again empties them', async () => {
    const meter = (
      await f.t.testDb.db.query<{ id: number }>("SELECT id FROM nodes WHERE serial = 'ADM-M1'")
    )[0]!.id;
    const start = Math.floor((Date.now() - 50 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE;
    for (let i = 0; i <= 8; i += 1) {
      expect((await ingest('ADM-M1', start + i * 5 * MINUTE, 100 + i * 0.5)).json().accepted).toBe(
        1,
      );
    }
    await f.t.app.readingsFeed.idle();
    const metered = await sum15m(meter);
    expect(metered.kwh).toBeGreaterThan(3.9);

    const { node: virtual } = await node(ADD, {
      type: 'virtual',
      name: 'Hall B',
      chName: 'B 廠房',
    });
    const { node: inner } = await node(ADD, {
      type: 'virtual',
      name: 'Hall B east',
      chName: 'B 東',
      parentId: virtual.id,
    });
    const cycle = await f.call(MOVE, f.adminToken, { nodeId: virtual.id, parentId: inner.id });
    expect(cycle.json()).toMatchObject({ statusCode: 201, message: ADMIN_MESSAGES.cycle });

    const moved = await node(MOVE, { nodeId: meter, parentId: inner.id });
    expect(moved.node.parentId).toBe(inner.id);
    expect(moved.job).toMatchObject({ kind: 'virtual-members', state: 'running' });
    expect(moved.job!.detail).toEqual({ nodeIds: [virtual.id, inner.id] });
    await adminJobsIdle(f.t.testDb.db);
    for (const id of [virtual.id, inner.id]) {
      const sums = await sum15m(id);
      expect(sums.kwh).toBeCloseTo(metered.kwh, 9);
      expect(sums.rows).toBe(metered.rows);
    }
    const daily = await f.t.testDb.db.query<{ kwh: number }>(
      'SELECT sum(kwh_forward) AS kwh FROM rollups_1d WHERE node_id = $1',
      [virtual.id],
    );
    expect(Number(daily[0]!.kwh)).toBeCloseTo(metered.kwh, 9);
    const jobs = adminJobListResponse.parse(
      (await f.call('/v1/Admin/Job/List', f.adminToken)).json(),
    );
    expect(jobs.jobs[0]).toMatchObject({ state: 'done', kind: 'virtual-members' });
    expect(jobs.jobs[0]!.done).toBe(jobs.jobs[0]!.total);

    const back = await node(MOVE, { nodeId: meter, parentId: null });
    expect(back.job).not.toBeNull();
    await adminJobsIdle(f.t.testDb.db);
    expect(await sum15m(virtual.id)).toEqual({ kwh: 0, rows: 0 });
    const hourly = await f.t.testDb.db.query('SELECT 1 FROM rollups_1h WHERE node_id = $1', [
      inner.id,
    ]);
    expect(hourly).toEqual([]);
    expect(await sum15m(meter)).toEqual(metered);
  });

  it('retires a node (no new readings, history kept) and restores it', async () => {
    const meter = (
      await f.t.testDb.db.query<{ id: number }>("SELECT id FROM nodes WHERE serial = 'ADM-M1'")
    )[0]!.id;
    const busy = await f.call(RETIRE, f.adminToken, { nodeId: meter });
    expect(busy.json()).toMatchObject({
      statusCode: 201,
      message: ADMIN_MESSAGES.hasActiveChildren,
    });
    const circuit = (
      await f.t.testDb.db.query<{ id: number }>("SELECT id FROM nodes WHERE serial = 'ADM-C1'")
    )[0]!.id;
    await node(RETIRE, { nodeId: circuit });
    const { node: retired } = await node(RETIRE, { nodeId: meter, retired: true });
    expect(retired).toMatchObject({ serial: 'ADM-M1', retiredAt: expect.any(String) });
    const refused = await ingest('ADM-M1', Date.now() - 2 * MINUTE, 200);
    expect(refused.json().rejected[0].reason).toMatch(/unknown/);
    expect((await sum15m(meter)).rows).toBeGreaterThan(0);
    const listed = adminNodeListResponse.parse((await f.call(LIST, f.adminToken)).json());
    expect(listed.nodes.find((n) => n.id === meter)?.retiredAt).not.toBeNull();

    const { node: restored } = await node(RETIRE, { nodeId: meter, retired: false });
    expect(restored).toMatchObject({ serial: 'ADM-M1', retiredAt: null });
    expect((await ingest('ADM-M1', Date.now() - 2 * MINUTE, 200)).json().accepted).toBe(1);
    const actions = await f.t.testDb.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action LIKE 'node.re%' ORDER BY id",
    );
    expect(actions.map((a) => a.action)).toEqual(['node.retire', 'node.retire', 'node.restore']);
  });
});
