import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { deviceReadingPayload } from '@wattboard/contract';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { signInAs } from '../helpers/test-app.ts';
import { addGateway, wire3 } from '../ingest/ingest-app.ts';
import { buildHubApp } from './hub-app.ts';
import {
  addFactoryWithUser,
  connectedClient,
  demoIds,
  listen,
  stopAll,
  type TestHubClient,
} from './hub-kit.ts';

const GATEWAY_KEY = 'hub-ancestor-gateway-key-0123456789abcdef';
const WINDOW_MS = 1500;

const secondsAgo = (seconds: number) =>
  new Date(Math.floor(Date.now() / 1000) * 1000 - seconds * 1000).toISOString();
const forDevice = (deviceId: number) => (payload: unknown) =>
  (payload as { deviceId: number }).deviceId === deviceId;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Issue #14 bug 1: a page on a virtual node (any depth above a meter) is pushed its news too. */
describe.each(backends)('hub pushes to every ancestor of a reading on %s', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let client: TestHubClient;
  let stranger: TestHubClient;
  let root: number;
  let area: number;
  let meter: number;
  let kwh = 5000;

  const ingest = async (serials: string[], ts: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/Ingest/Readings',
      payload: { readings: serials.map((serial) => wire3(serial, ts, (kwh += 0.5))) },
      headers: { authorization: `Bearer ${GATEWAY_KEY}` },
    });
    expect(response.json().accepted).toBe(serials.length);
    await app.readingsFeed.idle();
  };
  const pushesFor = (c: TestHubClient, deviceId: number) =>
    c.events.of('DeviceReading').filter(forDevice(deviceId));

  beforeAll(async () => {
    testDb = await openTestDb(backend);
    app = await buildHubApp(testDb.db, { ancestorPushWindowMs: WINDOW_MS });
    const baseUrl = await listen(app);
    const ids = await demoIds(testDb.db, 'WB-M01');
    meter = ids.nodeId;
    const byName = async (name: string) =>
      (
        await testDb.db.query<{ id: number }>(
          'SELECT id FROM nodes WHERE factory_id = $1 AND name = $2',
          [ids.factoryId, name],
        )
      )[0]!.id;
    root = await byName('Incoming Supply');
    area = await byName('Production Area');
    await addGateway(testDb.db, ids.factoryId, GATEWAY_KEY);
    const other = await addFactoryWithUser(testDb.db, app, 'ancestors-elsewhere');
    client = await connectedClient(baseUrl, (await signInAs(app)).token);
    stranger = await connectedClient(baseUrl, other.token);
  });
  afterAll(async () => {
    await stopAll([client, stranger].filter(Boolean));
    await app?.close();
    await testDb?.dispose();
  });

  it('pushes a circuit’s news to the virtual root three levels up, under the root’s id', async () => {
    await client.connection.invoke('SubscribeToDevice', root);
    await client.events.next('SubscriptionConfirmed', forDevice(root));
    const at = secondsAgo(20);
    await ingest(['WB-M01-C1'], at);
    // As it came over the wire: which node and when, nothing else.
    const pushed = await client.events.next('DeviceReading', forDevice(root));
    expect(pushed).toStrictEqual({ deviceId: root, time: at });
    expect(deviceReadingPayload.parse(pushed)).toStrictEqual(pushed);
    // Only the subscribed node's push arrives: not the circuit's, meter's or area's.
    expect(client.events.of('DeviceReading')).toEqual([pushed]);
  });

  it('turns a burst under a node into one push now and one with the newest time after the window', async () => {
    await client.connection.invoke('SubscribeToDevice', area);
    await client.events.next('SubscriptionConfirmed', forDevice(area));
    await sleep(WINDOW_MS); // the first test's push opened a window for the root
    client.events.clear();
    const first = secondsAgo(15);
    const last = secondsAgo(10);
    await ingest(['WB-M01-C1', 'WB-M01-C2', 'WB-M01'], first);
    await ingest(['WB-M01-C3'], secondsAgo(12));
    await ingest(['WB-M02'], last);
    await sleep(WINDOW_MS * 2.5);
    for (const node of [area, root]) {
      const times = pushesFor(client, node).map((payload) => (payload as { time: string }).time);
      expect(times).toEqual([first, last]);
    }
    // The meter's own push goes to the meter's subscribers only: the area's page heard of the
    // meter's reading through the area's own push above.
    expect(pushesFor(client, meter)).toEqual([]);
  });

  it('keeps tenants apart and sends nothing for old readings', async () => {
    await stranger.connection.invoke('SubscribeToDevice', root).catch(() => {});
    client.events.clear();
    await sleep(WINDOW_MS);
    await ingest(['WB-M01-C1'], secondsAgo(6 * 3600));
    await sleep(WINDOW_MS);
    expect(client.events.of('DeviceReading')).toEqual([]);
    await ingest(['WB-M01-C1'], secondsAgo(5));
    await client.events.next('DeviceReading', forDevice(root));
    expect(stranger.events.of('DeviceReading')).toEqual([]);
  });
});
