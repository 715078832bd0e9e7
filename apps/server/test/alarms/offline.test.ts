import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/backends.ts';
import {
  addReceivers,
  eventsOf,
  outboxOf,
  reading,
  startAlarmApp,
  type AlarmTestApp,
} from './alarm-app.ts';

const MINUTE = 60_000;

describe.each(backends)('offline events on %s', (backend) => {
  let t: AlarmTestApp;
  let a: number;
  let b: number;
  const alerts: unknown[] = [];
  /** A minute-aligned start 40 minutes ago; the checks below pass their own `now`. */
  const T = Math.floor(Date.now() / MINUTE) * MINUTE - 40 * MINUTE;
  const at = (minutes: number) => new Date(T + minutes * MINUTE);

  beforeAll(async () => {
    t = await startAlarmApp(backend);
    a = await t.nodeId('WB-M01-C1');
    b = await t.nodeId('WB-M01-C2');
    const hub = t.app.hub;
    const toFactory = hub.toFactory.bind(hub);
    hub.toFactory = (factoryId, target, payload) => {
      if (target === 'AlertReceived') alerts.push(payload);
      return toFactory(factoryId, target, payload);
    };
    await addReceivers(t.db, t.factoryId, [
      { name: 'Ops', email: 'ops@example.com', status: 'on' },
    ]);
    await t.ingest([
      reading('WB-M01-C1', at(0).toISOString()),
      reading('WB-M01-C2', at(5).toISOString()),
    ]);
  });
  afterAll(() => t?.close());

  const offlineEvents = async () =>
    (await eventsOf(t.db, t.factoryId)).filter((e) => e.target === 'offline');

  it('nothing is offline within 10 minutes of the last reading', async () => {
    expect(await t.app.alarms.checkOffline(at(10))).toBe(0);
    expect(await offlineEvents()).toEqual([]);
  });

  it('a meter silent for more than 10 minutes raises one offline event, mailed and announced', async () => {
    expect(await t.app.alarms.checkOffline(at(10.5))).toBe(1);
    const [event] = await offlineEvents();
    expect(event).toMatchObject({ node_id: a, kind: 'offline', state: 'unresolved' });
    expect(event!.title_en).toBe('Meter offline: Air Compressor 1');
    expect(event!.desc_en).toMatch(/has sent no reading since \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}\.$/);
    expect(event!.opened_at).toEqual(at(10.5));
    expect(await outboxOf(t.db, event!.id)).toEqual([{ to_address: 'ops@example.com' }]);
    expect(alerts).toHaveLength(1);
  });

  it('is not raised again while open, nor after it was cleared for the same silence', async () => {
    expect(await t.app.alarms.checkOffline(at(12))).toBe(0);
    await t.resolve((await offlineEvents())[0]!.id);
    expect(await t.app.alarms.checkOffline(at(13))).toBe(0);
    expect(await offlineEvents()).toHaveLength(1);
  });

  it('a meter that reports again and falls silent again raises a new one; others in turn', async () => {
    await t.ingest([reading('WB-M01-C1', at(14).toISOString())]);
    expect(await t.app.alarms.checkOffline(at(20))).toBe(1); // b: last reading at 5
    expect(await t.app.alarms.checkOffline(at(25))).toBe(1); // a: last reading at 14
    const events = await offlineEvents();
    expect(events.map((e) => [e.node_id, e.state])).toEqual([
      [a, 'resolved'],
      [b, 'unresolved'],
      [a, 'unresolved'],
    ]);
    expect(alerts).toHaveLength(3);
  });

  it("another factory's silent meter is that factory's event only", async () => {
    const osakaId = (
      await t.db.query<{ id: number }>(
        `INSERT INTO factories (slug, name, name_zh, time_zone)
         VALUES ('osaka', 'Osaka Plant', '大阪廠', 'Asia/Tokyo') RETURNING id`,
      )
    )[0]!.id;
    const meter = (
      await t.db.query<{ id: number }>(
        `INSERT INTO nodes (factory_id, type, ch_name, name, wiring, serial)
         VALUES ($1, 'smartMeter', '大阪電表', 'Osaka Meter', 'a,b,c', 'OS-1') RETURNING id`,
        [osakaId],
      )
    )[0]!.id;
    await t.db.query(`INSERT INTO latest_readings (factory_id, node_id, ts) VALUES ($1, $2, $3)`, [
      osakaId,
      meter,
      at(0),
    ]);
    expect(await t.app.alarms.checkOffline(at(30))).toBe(1);
    const [osaka] = await eventsOf(t.db, osakaId);
    expect(osaka).toMatchObject({ node_id: meter, target: 'offline' });
    expect(osaka!.desc_en).toContain('Osaka Meter');
    expect((await offlineEvents()).every((e) => e.node_id !== meter)).toBe(true);
  });
});
