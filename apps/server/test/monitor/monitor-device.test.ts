import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorDeviceResponse, StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import {
  call,
  MONITOR_DEVICE,
  signIn,
  startMonitorApp,
  type MonitorTestApp,
  type Session,
} from './monitor-app.ts';
import { PLANT_NOW, seedPlant, type Plant } from './plant-fixture.ts';

const THREE_DAYS = { start: '2026-11-20', end: '2026-11-22' };

describe.each(backends)('monitor device on %s', (backend) => {
  let t: MonitorTestApp;
  let plant: Plant;
  let session: Session;
  const device = (deviceId: unknown, timeRange: unknown = THREE_DAYS, extra = {}) =>
    call(t.app, session, MONITOR_DEVICE, { factoryId: 0, deviceId, timeRange, ...extra });

  beforeAll(async () => {
    t = await startMonitorApp(backend, PLANT_NOW);
    plant = await seedPlant(t.db);
    session = await signIn(t.app, plant);
  });
  afterAll(() => t.close());

  it('lists the virtual node then its children with exact energy, CO2 and demand', async () => {
    const response = await device(plant.rootId);
    expect(response.statusCode).toBe(200);
    const body = monitorDeviceResponse.parse(response.json());
    expect(body).toMatchObject({ statusCode: 200, deviceid: plant.rootId, description: 'Plant' });
    const [root, a, b] = body.channelList;
    expect(body.channelList.map((channel) => channel.name)).toEqual([
      'Plant',
      'Meter A',
      'Meter B',
    ]);
    // A: 300 kWh forward and 8 reverse a day; B: 96 + 48 + 24; CO2 at 0.5 kg/kWh of net energy.
    expect(a).toMatchObject({ positiveKWH: 900, reverseKWH: 24, valueKWH: 876, co2KG: 438 });
    expect(b).toMatchObject({ positiveKWH: 168, reverseKWH: 0, valueKWH: 168, co2KG: 84 });
    expect(root).toMatchObject({ positiveKWH: 1068, reverseKWH: 24, valueKWH: 1044, co2KG: 522 });
    // Real time = the 14:45 block (now is 15:07); month max = A's 30 kW block on 5 Nov (the
    // 40 kW block of 31 Oct 23:45 local is last month); range max = Friday 23:45, 24 + 4 kW.
    expect(a!.demand).toEqual({ valueKw: 15, monthMaxKw: 30, maxKw: 24 });
    expect(b!.demand).toEqual({ valueKw: 1, monthMaxKw: 4, maxKw: 4 });
    expect(root!.demand).toEqual({ valueKw: 16, monthMaxKw: 30, maxKw: 28 });
  });

  it('gives each channel its latest per-phase values, balance and reverse flag', async () => {
    const body = (await device(plant.rootId)).json();
    const [root, a, b] = body.channelList;
    expect(root).toMatchObject({
      isVirtual: true,
      channels: {},
      balance: null,
      hasReverseKWH: true,
    });
    expect(root.frequencyHz).toBeNull();
    // The newest reading is Mon 00:00 local (hour 0: 1.5 kW over three phases).
    expect(a.channels).toEqual({
      a: { voltage: 220, current: 10, valueKw: 0.5, pf: 0.95, temperature: 35 },
      b: { voltage: 221, current: 11.5, valueKw: 0.5, pf: 0.95, temperature: 35 },
      c: { voltage: 219, current: 8.5, valueKw: 0.5, pf: 0.95, temperature: 35 },
    });
    // Mean current 10 A: 11.5 is more than 10 % above, 8.5 more than 10 % below.
    expect(a.balance).toEqual({ valueKw: 1.5, level: { a: 'mid', b: 'high', c: 'low' } });
    expect(a).toMatchObject({ isVirtual: false, hasReverseKWH: true, frequencyHz: 60 });
    expect(Object.keys(b.channels)).toEqual(['l1', 'l2']);
    expect(b.balance).toBeNull();
    expect(b.hasReverseKWH).toBe(false);
  });

  it('returns 96 distribution values per local day, levelled by tertiles', async () => {
    const body = (await device(plant.meterA, { start: '2026-11-20', end: '2026-11-21' })).json();
    expect(body.channelList).toHaveLength(1);
    expect(body.energyDistribution.map((day: { date: string }) => day.date)).toEqual([
      '2026-11-20',
      '2026-11-21',
    ]);
    for (const day of body.energyDistribution) {
      expect(day.values).toHaveLength(96);
      day.values.forEach((value: Record<string, unknown>, slot: number) => {
        const hour = Math.floor(slot / 4);
        // Hours 0–7 are the lowest third of the range's blocks, 16–23 the highest.
        const level = hour < 8 ? 'low' : hour < 16 ? 'mid' : 'high';
        expect(value).toEqual({
          averageKW: hour + 1,
          level,
          maxKW: hour + 1.5,
          valueKWH: (hour + 1) / 4,
        });
      });
    }
  });

  it('leaves the rest of today without a value or a level, even where rows exist ahead of now', async () => {
    const body = (await device(plant.meterA)).json();
    const today = body.energyDistribution[2];
    expect(today.date).toBe('2026-11-22');
    // Now is 15:07: the 15:00 quarter has begun; 15:15 onwards has not.
    expect(today.values[60]).toMatchObject({ averageKW: 16, valueKWH: 4 });
    expect(today.values[60].level).not.toBeNull();
    for (const value of today.values.slice(61))
      expect(value).toEqual({ averageKW: null, level: null, maxKW: null, valueKWH: null });
  });

  it('reads date-time bounds in the factory zone, or by their own offset', async () => {
    const local = (
      await device(plant.meterA, {
        start: '2026-11-21T10:00',
        end: '2026-11-21T12:00',
      })
    ).json();
    // Hours 10 and 11: 11 + 12 kWh forward, 2 + 2 reverse.
    expect(local.channelList[0]).toMatchObject({ positiveKWH: 23, reverseKWH: 4, valueKWH: 19 });
    expect(local.energyDistribution).toHaveLength(1);
    const utc = (
      await device(plant.meterA, {
        start: '2026-11-21T02:00:00Z',
        end: '2026-11-21T04:00:00+00:00',
      })
    ).json();
    expect(utc.channelList[0]).toMatchObject({ positiveKWH: 23, valueKWH: 19 });
  });

  it('answers a day without data with zeros, null demand and slots without a value or level', async () => {
    const body = (await device(plant.meterB, { start: '2026-11-10', end: '2026-11-10' })).json();
    expect(body.channelList[0]).toMatchObject({ positiveKWH: 0, valueKWH: 0, co2KG: 0 });
    expect(body.channelList[0].demand.maxKw).toBeNull();
    expect(body.energyDistribution[0].values).toHaveLength(96);
    expect(body.energyDistribution[0].values[0]).toEqual({
      averageKW: null,
      level: null,
      maxKW: null,
      valueKWH: null,
    });
  });

  it("answers 1009 for an unknown node and for another factory's node, without its data", async () => {
    const unknown = await device(999_999);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ statusCode: StatusCode.IoTDeviceNotFound });
    expect(unknown.json().message).toMatch(/999999/);
    const demoRoot = (
      await t.db.query<{ id: number }>(
        `SELECT n.id FROM nodes n JOIN factories f ON f.id = n.factory_id
          WHERE f.slug = 'demo' AND n.parent_id IS NULL`,
      )
    )[0]!.id;
    const foreign = await device(demoRoot);
    expect(foreign.json()).toMatchObject({ statusCode: StatusCode.IoTDeviceNotFound });
    expect(foreign.json()).not.toHaveProperty('channelList');
    expect(foreign.body).not.toContain('Incoming Supply');
    const demoFactory = (
      await t.db.query<{ id: number }>("SELECT id FROM factories WHERE slug = 'demo'")
    )[0]!.id;
    const otherFactory = await device(plant.rootId, THREE_DAYS, { factoryId: demoFactory });
    expect(otherFactory.json()).toMatchObject({ statusCode: StatusCode.FactoryNotFound });
  });

  it('rejects a malformed timeRange with 400 naming the field', async () => {
    const badDate = await device(plant.rootId, { start: '2026-13-01', end: '2026-11-22' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toMatchObject({ statusCode: StatusCode.Fail });
    expect(badDate.json().message).toMatch(/^timeRange\.start: /);
    const missingEnd = await device(plant.rootId, { start: '2026-11-20' });
    expect(missingEnd.statusCode).toBe(400);
    expect(missingEnd.json().message).toMatch(/^timeRange\.end: /);
    const reversed = await device(plant.rootId, { start: '2026-11-22', end: '2026-11-20' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/^timeRange\.end: end must not be before start/);
  });

  it('refuses a range longer than a year with a message naming the limit', async () => {
    const body = (await device(plant.rootId, { start: '2025-01-01', end: '2026-11-22' })).json();
    expect(body).toMatchObject({ statusCode: StatusCode.Fail });
    expect(body.message).toMatch(/at most 366 days/);
  });

  it('requires a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: MONITOR_DEVICE,
      payload: { email: '', action: MONITOR_DEVICE, deviceId: plant.rootId, timeRange: THREE_DAYS },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().statusCode).toBe(StatusCode.TokenExpired);
  });
});
