import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertReceivedPayload, eventResolveResponse, StatusCode } from '@wattboard/contract';
import { evaluateStoredReadings } from '../../src/modules/alarms/on-readings.ts';
import { backends } from '../helpers/backends.ts';
import {
  addReceivers,
  eventsOf,
  minutesAgo,
  outboxOf,
  reading,
  startAlarmApp,
  type AlarmTestApp,
} from './alarm-app.ts';

const UPDATE = '/v1/Web/Setting/Alarm/Update';
const SERIAL = 'WB-M01-C1'; // Air Compressor 1

describe.each(backends)('alarm evaluation on ingest on %s', (backend) => {
  let t: AlarmTestApp;
  let nodeId: number;
  const sent: [number, string, unknown][] = [];
  const refreshed: number[] = [];

  const alertsSent = () => sent.filter(([, target]) => target === 'AlertReceived');
  const setting = async () =>
    (
      await t.db.query<{ alert_status: string; last_value: number; last_happened_at: Date | null }>(
        `SELECT alert_status, last_value, last_happened_at FROM alarm_settings
          WHERE node_id = $1 AND target = 'temperature'`,
        [nodeId],
      )
    )[0]!;

  beforeAll(async () => {
    t = await startAlarmApp(backend);
    nodeId = await t.nodeId(SERIAL);
    // Record what the real hub is asked to send (and still send it).
    const hub = t.app.hub;
    const toFactory = hub.toFactory.bind(hub);
    const refreshLists = hub.refreshLists.bind(hub);
    hub.toFactory = (factoryId, target, payload) => {
      sent.push([factoryId, target, payload]);
      return toFactory(factoryId, target, payload);
    };
    hub.refreshLists = (factoryId) => {
      refreshed.push(factoryId);
      return refreshLists(factoryId);
    };
    await addReceivers(t.db, t.factoryId, [
      { name: 'Ops', email: 'ops@example.com', status: 'on' },
      { name: 'Muted', email: 'muted@example.com', status: 'off' },
      { name: 'Chief', email: 'chief@example.com', status: 'on' },
    ]);
    const saved = await t.call(UPDATE, {
      deviceId: nodeId,
      alarms: [{ target: 'temperature', isActivated: true, threshold: { low: null, high: 50 } }],
    });
    expect(saved.json().statusCode).toBe(StatusCode.OK);
  });
  afterAll(() => t?.close());

  it('history (backfill-age readings) opens nothing, whatever its values', async () => {
    const old = [reading(SERIAL, minutesAgo(60 * 24), { temperature: 90 })];
    expect((await t.ingest(old)).json()).toMatchObject({ accepted: 1 });
    expect(await eventsOf(t.db, t.factoryId)).toEqual([]);
    expect(await setting()).toMatchObject({ alert_status: 'normal', last_happened_at: null });
    expect(alertsSent()).toEqual([]);
  });

  it('a reading inside the range opens nothing but records the value', async () => {
    await t.ingest([reading(SERIAL, minutesAgo(10), { temperature: 42 })]);
    expect(await eventsOf(t.db, t.factoryId)).toEqual([]);
    expect(await setting()).toMatchObject({ alert_status: 'normal', last_value: 42 });
  });

  let firstEventId: string;

  it('a breach opens one event, mails the receivers that are on, and tells the factory', async () => {
    const ts = minutesAgo(9);
    await t.ingest([reading(SERIAL, ts, { temperature: 55.04 })]);
    const events = await eventsOf(t.db, t.factoryId);
    expect(events).toHaveLength(1);
    const event = events[0]!;
    firstEventId = event.id;
    expect(event).toMatchObject({
      node_id: nodeId,
      target: 'temperature',
      kind: 'threshold',
      state: 'unresolved',
      value: 55.04,
      title_en: 'Temperature alarm: Air Compressor 1',
      desc_en: 'Air Compressor 1: temperature 55 °C is above the high limit 50 °C.',
    });
    expect(event.opened_at.toISOString()).toBe(ts);
    expect(await setting()).toMatchObject({ alert_status: 'alarm', last_value: 55.04 });
    expect((await setting()).last_happened_at?.toISOString()).toBe(ts);

    expect((await outboxOf(t.db, event.id)).map((row) => row.to_address)).toEqual([
      'chief@example.com',
      'ops@example.com',
    ]);

    expect(alertsSent()).toHaveLength(1);
    const [factoryId, , payload] = alertsSent()[0]!;
    expect(factoryId).toBe(t.factoryId);
    expect(alertReceivedPayload.parse(payload)).toEqual({
      type: 'Abnormal',
      id: Number(event.id),
      titleText: 'Temperature alarm: Air Compressor 1',
      descText: 'Air Compressor 1: temperature 55 °C is above the high limit 50 °C.',
      title: '溫度警報：空壓機 1',
      desc: '空壓機 1：溫度 55 °C 高於上限 50 °C。',
      time: ts,
      state: 'unresolved',
    });
  });

  it('further breaches update the open event and send nothing new', async () => {
    const ts = minutesAgo(8);
    await t.ingest([reading(SERIAL, ts, { temperature: 58 })]);
    const events = await eventsOf(t.db, t.factoryId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ id: firstEventId, value: 58, state: 'unresolved' });
    expect(events[0]!.last_breach_at.toISOString()).toBe(ts);
    expect(await outboxOf(t.db, firstEventId)).toHaveLength(2);
    expect(alertsSent()).toHaveLength(1);
  });

  it('just inside the limit stays in alarm (deadband); clearly inside is normal, event kept', async () => {
    await t.ingest([reading(SERIAL, minutesAgo(7), { temperature: 49.5 })]);
    expect(await setting()).toMatchObject({ alert_status: 'alarm', last_value: 49.5 });
    await t.ingest([reading(SERIAL, minutesAgo(6), { temperature: 45 })]);
    expect(await setting()).toMatchObject({ alert_status: 'normal', last_value: 45 });
    const events = await eventsOf(t.db, t.factoryId);
    expect(events.map((e) => e.state)).toEqual(['unresolved']);
  });

  it('a person resolves it: resolved by them, the lists are refreshed', async () => {
    const response = await t.resolve(firstEventId);
    expect(response.statusCode).toBe(200);
    const body = eventResolveResponse.parse(response.json());
    expect(body).toMatchObject({ statusCode: StatusCode.OK, alarmId: Number(firstEventId) });
    const [event] = await eventsOf(t.db, t.factoryId);
    expect(event).toMatchObject({ state: 'resolved', resolved_by: t.userId });
    expect(event!.resolved_at).toBeInstanceOf(Date);
    expect(refreshed).toEqual([t.factoryId]);
  });

  it('a breach after that opens a new event (and mails again)', async () => {
    await t.ingest([reading(SERIAL, minutesAgo(5), { temperature: 61 })]);
    const events = await eventsOf(t.db, t.factoryId);
    expect(events.map((e) => e.state)).toEqual(['resolved', 'unresolved']);
    expect(events[1]!.id).not.toBe(firstEventId);
    expect(await outboxOf(t.db, events[1]!.id)).toHaveLength(2);
    expect(alertsSent()).toHaveLength(2);
  });

  it('a deactivated setting is not evaluated', async () => {
    await t.call(UPDATE, {
      deviceId: nodeId,
      alarms: [{ target: 'temperature', isActivated: false, threshold: { low: null, high: 50 } }],
    });
    await t.resolve((await eventsOf(t.db, t.factoryId))[1]!.id);
    await t.ingest([reading(SERIAL, minutesAgo(4), { temperature: 70 })]);
    expect((await eventsOf(t.db, t.factoryId)).map((e) => e.state)).toEqual([
      'resolved',
      'resolved',
    ]);
    expect(await setting()).toMatchObject({ alert_status: 'normal' });
  });

  it('the same breach evaluated twice at once opens one event (the open-event index decides)', async () => {
    const serial = 'WB-M01-C2';
    const other = await t.nodeId(serial);
    await t.call(UPDATE, {
      deviceId: other,
      alarms: [{ target: 'current', isActivated: true, threshold: { low: null, high: 80 } }],
    });
    const stored = [
      {
        nodeId: other,
        ts: new Date(minutesAgo(3)),
        phases: { a: { voltage: 220, current: 95, kw: 20, pf: 0.95 } },
        kw: 20,
        kwhForward: 1,
        kwhReverse: 0,
        frequency: 60,
        temperature: 30,
      },
    ];
    const before = alertsSent().length;
    const opened = await Promise.all([
      evaluateStoredReadings(t.app, t.factoryId, stored),
      evaluateStoredReadings(t.app, t.factoryId, stored),
    ]);
    expect(opened.flat()).toHaveLength(1);
    const events = (await eventsOf(t.db, t.factoryId)).filter((e) => e.node_id === other);
    expect(events).toHaveLength(1);
    expect(await outboxOf(t.db, events[0]!.id)).toHaveLength(2);
    expect(alertsSent().length).toBe(before + 1);
  });
});

describe.each(backends)('demand alarms on %s', (backend) => {
  let t: AlarmTestApp;
  beforeAll(async () => {
    t = await startAlarmApp(backend);
  });
  afterAll(() => t?.close());

  it('a complete 15-minute block over the limit alarms the meter and its virtual ancestors', async () => {
    // A meter: the virtual nodes above it sum their meters (not the circuits beneath them).
    const meter = await t.nodeId('WB-M01');
    const root = (
      await t.db.query<{ id: number }>(
        "SELECT id FROM nodes WHERE factory_id = $1 AND parent_id IS NULL AND type = 'virtual'",
        [t.factoryId],
      )
    )[0]!.id;
    for (const deviceId of [meter, root]) {
      await t.call(UPDATE, {
        deviceId,
        alarms: [{ target: 'demand', isActivated: true, threshold: { low: null, high: 150 } }],
      });
    }
    const quarter = 15 * 60_000;
    const blockEnd = Math.floor(Date.now() / quarter) * quarter;
    const iso = (ms: number) => new Date(ms).toISOString();
    // 50 kWh in the block → 200 kW. The first reading is history; the second completes the block.
    await t.ingest([reading('WB-M01', iso(blockEnd - quarter), { kwh: 1000 })]);
    expect(await eventsOf(t.db, t.factoryId)).toEqual([]);
    await t.ingest([reading('WB-M01', iso(blockEnd), { kwh: 1050 })]);
    const events = await eventsOf(t.db, t.factoryId);
    expect(events.map((e) => [e.node_id, e.target, e.value])).toEqual(
      expect.arrayContaining([
        [meter, 'demand', 200],
        [root, 'demand', 200],
      ]),
    );
    expect(events.find((e) => e.node_id === root)!.title_en).toBe('Demand alarm: Incoming Supply');
  });
});
