import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminGatewayCreateResponse,
  adminNodeAnswer,
  channelListResponse,
  monitorDeviceResponse,
  overviewConsumeRatioResponse,
  overviewResponse,
  type DetectLineNode,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { startAdminFixture, type AdminFixture } from '../admin/admin-fixture.ts';

const MINUTE = 60_000;
const phase = { voltage: 220, current: 5, kw: 2, pf: 0.95 };

function treeIds(nodes: readonly DetectLineNode[]): number[] {
  return nodes.flatMap((node) => [
    ...(node.id === undefined ? [] : [node.id]),
    ...treeIds(node.children),
  ]);
}

/**
 * A meter with one circuit is added under the factory's first virtual node,
 * reads, and is retired: it leaves the channel list, the Overview's tree,
 * Power Info, ranking and default comparison, the parent's Monitor/Device
 * rows and the offline check, while naming it still reads its history.
 */
describe.each(backends)('retired nodes on %s', (backend) => {
  let f: AdminFixture;
  let parent: number;
  let meter: number;
  let circuit: number;
  let today: string;

  const ok = async (path: string, body: Record<string, unknown> = {}) => {
    const response = await f.call(path, f.adminToken, body);
    expect(response.json().statusCode, response.body).toBe(200);
    return response.json() as unknown;
  };
  const channelIds = async () =>
    channelListResponse
      .parse(await ok('/v1/Web/Factory/Channel/List', { factoryId: 0 }))
      .channelList.map((entry) => entry.id);
  const overview = async () =>
    overviewResponse.parse(await ok('/v1/Web/Overview', { factoryId: 0 }));
  const device = async (deviceId: number) =>
    monitorDeviceResponse.parse(
      await ok('/v1/Web/Monitor/Device', {
        factoryId: 0,
        deviceId,
        timeRange: { start: today, end: today },
      }),
    );

  beforeAll(async () => {
    f = await startAdminFixture(backend);
    const list = await ok('/v1/Web/Factory/Channel/List', { factoryId: 0 });
    today = channelListResponse.parse(list).dtNowFactory.slice(0, 10);
    const db = f.t.testDb.db;
    parent = (
      await db.query<{ id: number }>(
        "SELECT id FROM nodes WHERE factory_id = $1 AND type = 'virtual' ORDER BY id LIMIT 1",
        [f.demoFactory],
      )
    )[0]!.id;
    const add = async (body: Record<string, unknown>) =>
      adminNodeAnswer.parse(await ok('/v1/Admin/Node/Add', body)).node.id;
    meter = await add({
      type: 'smartMeter',
      name: 'Retiring meter',
      chName: '退役電表',
      serial: 'RET-M1',
      wiring: 'a,b,c',
      parentId: parent,
    });
    circuit = await add({
      type: 'circuit',
      name: 'Retiring circuit',
      chName: '退役迴路',
      serial: 'RET-C1',
      wiring: 'a,b,c',
      parentId: meter,
    });
    const gateway = await ok('/v1/Admin/Gateway/Create', { name: 'Retire test' });
    const key = adminGatewayCreateResponse.parse(gateway).key;
    const ts = new Date(Date.now() - 2 * MINUTE).toISOString();
    const readings = ['RET-M1', 'RET-C1'].map((serial) => ({
      serial,
      ts,
      phases: { a: phase, b: phase, c: phase },
      kwhForward: 5,
    }));
    const ingest = await f.t.app.inject({
      method: 'POST',
      url: '/v1/Ingest/Readings',
      headers: { authorization: `Bearer ${key}` },
      payload: { readings },
    });
    expect(ingest.json()).toMatchObject({ accepted: 2 });
    await f.t.app.readingsFeed.idle();
  });
  afterAll(() => f?.close());

  it('an active meter and circuit are listed everywhere', async () => {
    expect(await channelIds()).toEqual(expect.arrayContaining([meter, circuit]));
    const body = await overview();
    expect(treeIds(body.detectLine)).toEqual(expect.arrayContaining([meter, circuit]));
    expect(body.devicePowerInfo.map((info) => info.id)).toContain(meter);
    expect((await device(parent)).channelList.map((c) => c.id)).toContain(meter);
  });

  it('once retired they leave the channel list, the Overview and the parent’s rows', async () => {
    await ok('/v1/Admin/Node/Retire', { nodeId: circuit, retired: true });
    expect(await channelIds()).not.toContain(circuit);
    expect((await device(meter)).channelList.map((c) => c.id)).toEqual([meter]);
    await ok('/v1/Admin/Node/Retire', { nodeId: meter, retired: true });
    const ids = await channelIds();
    expect(ids).not.toContain(meter);
    expect(ids).toContain(parent);
    const body = await overview();
    const hidden = (id: number) => id !== meter && id !== circuit;
    expect(treeIds(body.detectLine).every(hidden)).toBe(true);
    expect(body.devicePowerInfo.map((info) => info.id).every(hidden)).toBe(true);
    expect(body.pointRanking.rankList.map((entry) => entry.id).every(hidden)).toBe(true);
    expect((await device(parent)).channelList.map((c) => c.id)).not.toContain(meter);
    const ratio = overviewConsumeRatioResponse.parse(
      await ok('/v1/Web/Overview/ConsumeRatio', {
        factoryId: 0,
        startDate: today,
        endDate: today,
        channelIdList: [],
      }),
    );
    expect(ratio.pieChartData.items.map((item) => item.id).every(hidden)).toBe(true);
  });

  it('naming a retired node still reads its history', async () => {
    const history = await device(meter);
    expect(history.deviceid).toBe(meter);
    expect(history.channelList.map((c) => c.id)).toEqual([meter, circuit]);
    expect(history.channelList[0]!.positiveKWH).toBeGreaterThanOrEqual(0);
    const ratio = overviewConsumeRatioResponse.parse(
      await ok('/v1/Web/Overview/ConsumeRatio', {
        factoryId: 0,
        startDate: today,
        endDate: today,
        channelIdList: [meter],
      }),
    );
    expect(ratio.pieChartData.items.map((item) => item.id)).toEqual([meter]);
  });

  it('a retired meter raises no offline alarm', async () => {
    await f.t.app.alarms.checkOffline(new Date(Date.now() + 60 * MINUTE));
    const events = await f.t.testDb.db.query<{ node_id: number }>(
      "SELECT node_id FROM events WHERE target = 'offline' AND node_id = ANY($1::int[])",
      [[meter, circuit]],
    );
    expect(events).toEqual([]);
  });
});
