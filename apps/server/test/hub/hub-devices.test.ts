import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceReadingPayload, deviceSubscriptionPayload } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { signInAs, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { addGateway, wire3 } from '../ingest/ingest-app.ts';
import {
  addFactoryWithUser,
  connectedClient,
  demoIds,
  listen,
  stopAll,
  type TestHubClient,
} from './hub-kit.ts';

const GATEWAY_KEY = 'hub-test-gateway-key-0123456789abcdef';
const OTHER_KEY = 'hub-other-gateway-key-0123456789abcdef';

/** Whole seconds in the recent past (the ingest clock refuses the future). */
const secondsAgo = (seconds: number) =>
  new Date(Math.floor(Date.now() / 1000) * 1000 - seconds * 1000).toISOString();

const forDevice = (deviceId: number) => (payload: unknown) =>
  (payload as { deviceId: number }).deviceId === deviceId;

describe.each(backends)('hub device subscriptions on %s', (backend) => {
  let t: TestApp;
  let client: TestHubClient;
  let stranger: TestHubClient;
  let other: { factoryId: number; meterId: number; token: string };
  let circuit2: number;
  let otherMeter: number;
  let otherCircuit: number;
  let kwh = 1000;

  /** Ingests, then waits for the pushes it causes (they follow the answer), so order checks hold. */
  const ingest = async (readings: unknown[], key = GATEWAY_KEY) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/Ingest/Readings',
      payload: { readings },
      headers: { authorization: `Bearer ${key}` },
    });
    await t.app.readingsFeed.idle();
    return response;
  };
  const reading = (serial: string, ts: string, kwPerPhase = 2) =>
    wire3(serial, ts, (kwh += 0.5), kwPerPhase);

  beforeAll(async () => {
    t = await startTestApp(backend, { SIMULATOR: 'off' });
    const baseUrl = await listen(t.app);
    const demo = await demoIds(t.testDb.db, 'WB-M01');
    circuit2 = (await demoIds(t.testDb.db, 'WB-M01-C2')).nodeId;
    // A second meter for the parent's push: the first test's reading opened M01's throttle window.
    otherMeter = (await demoIds(t.testDb.db, 'WB-M02')).nodeId;
    otherCircuit = (await demoIds(t.testDb.db, 'WB-M02-C1')).nodeId;
    await addGateway(t.testDb.db, demo.factoryId, GATEWAY_KEY);
    other = await addFactoryWithUser(t.testDb.db, t.app, 'elsewhere');
    await addGateway(t.testDb.db, other.factoryId, OTHER_KEY);
    client = await connectedClient(baseUrl, (await signInAs(t.app)).token);
    stranger = await connectedClient(baseUrl, other.token);
  });
  afterAll(async () => {
    await stopAll([client, stranger].filter(Boolean));
    await t?.close();
  });

  it('confirms a subscription and pushes which node has new data and when, with no values', async () => {
    await expect(client.connection.invoke('SubscribeToDevice', circuit2)).resolves.toBeUndefined();
    expect(
      deviceSubscriptionPayload.parse(await client.events.next('SubscriptionConfirmed')),
    ).toEqual({ deviceId: circuit2 });

    // A batch of two: only the newest is pushed.
    const newest = secondsAgo(30);
    const response = await ingest([
      reading('WB-M01-C2', secondsAgo(90), 1),
      reading('WB-M01-C2', newest, 2),
    ]);
    expect(response.json().accepted).toBe(2);
    // As it came over the wire: the node and the time, no kW, no phases.
    const pushed = await client.events.next('DeviceReading', forDevice(circuit2));
    expect(pushed).toStrictEqual({ deviceId: circuit2, time: newest });
    expect(deviceReadingPayload.parse(pushed)).toStrictEqual(pushed);
    expect(client.events.of('DeviceReading')).toHaveLength(1);
  });

  it('tells a meter’s page of its circuit’s reading under the meter’s own id only', async () => {
    await client.connection.invoke('SubscribeToDevice', String(otherMeter));
    await client.events.next('SubscriptionConfirmed', forDevice(otherMeter));
    client.events.clear();
    const at = secondsAgo(20);
    await ingest([reading('WB-M02-C1', at)]);
    const pushed = await client.events.next('DeviceReading', forDevice(otherMeter));
    expect(pushed).toStrictEqual({ deviceId: otherMeter, time: at });
    // The circuit's own push goes to the circuit's subscribers (none here), not to its parent's.
    expect(client.events.of('DeviceReading')).toEqual([pushed]);
    expect(client.events.of('DeviceReading').filter(forDevice(otherCircuit))).toEqual([]);
  });

  it('pushes nothing for old readings and nothing after unsubscribing', async () => {
    const marker = (await demoIds(t.testDb.db, 'WB-M04')).nodeId;
    await client.connection.invoke('SubscribeToDevice', marker);
    client.events.clear();
    await ingest([reading('WB-M01-C2', secondsAgo(6 * 3600))]);
    for (const deviceId of [circuit2, otherMeter]) {
      await client.connection.invoke('UnsubscribeFromDevice', deviceId);
      expect(await client.events.next('UnsubscriptionConfirmed', forDevice(deviceId))).toEqual({
        deviceId,
      });
    }
    await ingest([reading('WB-M01-C2', secondsAgo(10)), reading('WB-M02-C1', secondsAgo(10))]);
    await ingest([reading('WB-M04', secondsAgo(10))]);
    // The marker's push comes after anything the earlier ingests would have sent at once (a
    // parent's push its throttle held goes out later, to the subscribers it has by then: none).
    await client.events.next('DeviceReading', forDevice(marker));
    const pushedIds = client.events
      .of('DeviceReading')
      .map((p) => (p as { deviceId: number }).deviceId);
    expect(pushedIds).toEqual([marker]);
  });

  it('refuses another factory’s node and malformed ids with "Device not found"', async () => {
    await expect(client.connection.invoke('SubscribeToDevice', other.meterId)).rejects.toThrow(
      'Device not found',
    );
    await expect(client.connection.invoke('SubscribeToDevice', 'abc')).rejects.toThrow(
      'Device not found',
    );
    await expect(client.connection.invoke('SubscribeToDevice')).rejects.toThrow('Device not found');
    await expect(client.connection.invoke('NoSuchMethod', 1)).rejects.toThrow(
      "Unknown hub method 'NoSuchMethod'",
    );
    expect(client.events.of('SubscriptionConfirmed')).not.toContainEqual({
      deviceId: other.meterId,
    });
  });

  it('keeps tenants apart: a demo reading never reaches the other factory', async () => {
    await stranger.connection.invoke('SubscribeToDevice', other.meterId);
    await expect(stranger.connection.invoke('SubscribeToDevice', circuit2)).rejects.toThrow(
      'Device not found',
    );
    await ingest([reading('WB-M01-C1', secondsAgo(5))]);
    await ingest([reading('ELSEWHERE-M01', secondsAgo(5))], OTHER_KEY);
    await stranger.events.next('DeviceReading', forDevice(other.meterId));
    expect(stranger.events.of('DeviceReading')).toHaveLength(1);
  });
});
