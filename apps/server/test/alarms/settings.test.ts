import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmListResponse, alarmUpdateResponse, StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { expectNoStackTrace } from '../helpers/test-app.ts';
import { addOtherFactory } from '../ingest/ingest-app.ts';
import { reading, startAlarmApp, type AlarmTestApp } from './alarm-app.ts';

const LIST = '/v1/Web/Setting/Alarm/List';
const UPDATE = '/v1/Web/Setting/Alarm/Update';

describe.each(backends)('alarm settings calls on %s', (backend) => {
  let t: AlarmTestApp;
  let compressor: number;
  let berlinMeter: number;

  beforeAll(async () => {
    t = await startAlarmApp(backend);
    compressor = await t.nodeId('WB-M01-C1');
    berlinMeter = (await addOtherFactory(t.db)).meterId;
  });
  afterAll(() => t?.close());

  const list = async (deviceId: unknown) => {
    const response = await t.call(LIST, { deviceId });
    expect(response.statusCode).toBe(200);
    return alarmListResponse.parse(response.json());
  };

  it('lists all eight targets with defaults before anything is saved', async () => {
    const body = await list(compressor);
    expect(body.statusCode).toBe(StatusCode.OK);
    expect(body.list.map((item) => [item.target, item.dataUnit])).toEqual([
      ['voltage', 'V'],
      ['current', 'A'],
      ['power', 'kW'],
      ['demand', 'kW'],
      ['pf', ''],
      ['temperature', '°C'],
      ['frequency', 'Hz'],
      ['imbalance', '%'],
    ]);
    for (const item of body.list) {
      expect(item).toMatchObject({
        isActivated: false,
        threshold: { low: null, high: null },
        alertStatus: 'normal',
        lastHappenedTime: null,
        data: null,
      });
    }
  });

  it('shows the latest reading of each target as data', async () => {
    // Two readings a block apart: the block between them is the real-time demand.
    const quarter = 15 * 60_000;
    const blockEnd = Math.floor(Date.now() / quarter) * quarter;
    const iso = (t: number) => new Date(t).toISOString();
    const ingest = await t.ingest([
      reading('WB-M01-C1', iso(blockEnd - quarter), { kwh: 1000 }),
      {
        ...reading('WB-M01-C1', iso(blockEnd), { temperature: 38.5, frequency: 59.97, kwh: 1025 }),
        phases: {
          a: { voltage: 221, current: 12, kw: 2.5, pf: 0.91 },
          b: { voltage: 219, current: 10, kw: 2.1, pf: 0.88 },
          c: { voltage: 223, current: 8, kw: 1.7, pf: 0.93 },
        },
      },
    ]);
    expect(ingest.json()).toMatchObject({ accepted: 2 });
    const byTarget = Object.fromEntries(
      (await list(compressor)).list.map((i) => [i.target, i.data]),
    );
    expect(byTarget).toEqual({
      voltage: 221, // the mean without limits
      current: 12,
      power: 6.3,
      demand: 100, // 25 kWh in a quarter hour
      pf: 0.88,
      temperature: 38.5,
      frequency: 59.97,
      imbalance: 20,
    });
  });

  it('saves settings and lists them back; the id may be a numeric string', async () => {
    const response = await t.call(UPDATE, {
      deviceId: String(compressor),
      alarms: [
        { target: 'voltage', isActivated: true, threshold: { low: 200, high: 240 } },
        { target: 'temperature', isActivated: true, threshold: { low: null, high: '50' } },
        { target: 'pf', isActivated: false, threshold: { low: 0.85, high: null } },
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = alarmUpdateResponse.parse(response.json());
    expect(body).toMatchObject({ statusCode: StatusCode.OK, factoryId: t.factoryId });
    expect(body.message).toBeTruthy();

    const items = Object.fromEntries((await list(compressor)).list.map((i) => [i.target, i]));
    expect(items.voltage).toMatchObject({ isActivated: true, threshold: { low: 200, high: 240 } });
    expect(items.voltage!.data).toBe(223); // with limits: the phase closest to leaving them
    expect(items.temperature).toMatchObject({
      isActivated: true,
      threshold: { low: null, high: 50 },
    });
    expect(items.pf).toMatchObject({ isActivated: false, threshold: { low: 0.85, high: null } });
    expect(items.current).toMatchObject({
      isActivated: false,
      threshold: { low: null, high: null },
    });
  });

  it('"Infinity" and "-Infinity" save as no limit on that side', async () => {
    const response = await t.call(UPDATE, {
      deviceId: compressor,
      alarms: [
        { target: 'current', isActivated: true, threshold: { low: '-Infinity', high: 'Infinity' } },
        { target: 'frequency', isActivated: true, threshold: { low: 59, high: 'Infinity' } },
      ],
    });
    expect(response.json()).toMatchObject({ statusCode: StatusCode.OK });
    const items = Object.fromEntries((await list(compressor)).list.map((i) => [i.target, i]));
    expect(items.current!.threshold).toEqual({ low: null, high: null });
    expect(items.frequency!.threshold).toEqual({ low: 59, high: null });
  });

  it('deactivating a setting in alarm puts it back to normal', async () => {
    await t.db.query(
      `UPDATE alarm_settings SET alert_status = 'alarm' WHERE node_id = $1 AND target = 'voltage'`,
      [compressor],
    );
    expect((await list(compressor)).list[0]!.alertStatus).toBe('alarm');
    await t.call(UPDATE, {
      deviceId: compressor,
      alarms: [{ target: 'voltage', isActivated: false, threshold: { low: 200, high: 240 } }],
    });
    expect((await list(compressor)).list[0]).toMatchObject({
      isActivated: false,
      alertStatus: 'normal',
      threshold: { low: 200, high: 240 },
    });
  });

  it.each([
    [
      'low not below high',
      [{ target: 'current', isActivated: true, threshold: { low: 90, high: 80 } }],
      'alarms.0.threshold.low',
    ],
    [
      'an unknown target',
      [{ target: 'humidity', isActivated: true, threshold: { low: null, high: 80 } }],
      'alarms.0.target',
    ],
    [
      'a repeated target',
      [
        { target: 'current', isActivated: true, threshold: { low: null, high: 80 } },
        { target: 'current', isActivated: false, threshold: { low: null, high: 70 } },
      ],
      'alarms.1.target',
    ],
    [
      'an unparsable limit (it used to be saved as 0)',
      [
        { target: 'power', isActivated: true, threshold: { low: null, high: 80 } },
        { target: 'current', isActivated: true, threshold: { low: null, high: '250abc' } },
      ],
      'alarms.1.threshold.high',
    ],
    [
      'a NaN limit',
      [{ target: 'voltage', isActivated: true, threshold: { low: 'NaN', high: 250 } }],
      'alarms.0.threshold.low',
    ],
    ['a deviceId beyond the 32-bit range', [], 'deviceId', 2147483648],
    ['no alarms array', undefined, 'alarms'],
  ])(
    'refuses %s with a 400 naming the field, saving nothing',
    async (_name, alarms, field, id?) => {
      const before = await t.db.query('SELECT * FROM alarm_settings ORDER BY node_id, target');
      const response = await t.call(UPDATE, { deviceId: id ?? compressor, alarms });
      expect(response.statusCode).toBe(400);
      expectNoStackTrace(response.body);
      expect(response.json()).toMatchObject({ statusCode: StatusCode.Fail });
      expect(response.json().message).toContain(field);
      expect(await t.db.query('SELECT * FROM alarm_settings ORDER BY node_id, target')).toEqual(
        before,
      );
    },
  );

  it("answers 1009 for another factory's node or an unknown one, on both calls", async () => {
    for (const deviceId of [berlinMeter, 999_999]) {
      const listed = await t.call(LIST, { deviceId });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toMatchObject({ statusCode: StatusCode.IoTDeviceNotFound });
      expect(listed.json().list).toBeUndefined();

      const updated = await t.call(UPDATE, {
        deviceId,
        alarms: [{ target: 'current', isActivated: true, threshold: { low: null, high: 1 } }],
      });
      expect(updated.json()).toMatchObject({ statusCode: StatusCode.IoTDeviceNotFound });
    }
    const foreign = await t.db.query('SELECT 1 FROM alarm_settings WHERE node_id = $1', [
      berlinMeter,
    ]);
    expect(foreign).toEqual([]);
  });

  it('requires a token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: LIST,
      payload: { email: '', action: LIST, token: '', deviceId: compressor },
    });
    expect(response.statusCode).toBe(401);
  });
});
