import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEventListResponse,
  adminFactoryResponse,
  adminWebhookSaveResponse,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { ADMIN, postJson, signInAs } from '../helpers/test-app.ts';
import type { Db } from '../../src/platform/db/db.ts';
import {
  addReceivers,
  eventsOf,
  outboxOf,
  startAlarmApp,
  type AlarmTestApp,
} from '../alarms/alarm-app.ts';

const Q = 15 * 60_000;
const DAY = 86_400_000;
/** Taipei wall clock of the test day, Monday 2026-11-23 (UTC+8). */
const at = (hhmm: string) => Date.parse(`2026-11-23T${hhmm}:00+08:00`);
/** The compressor's history: 20 kW at every quarter of 35 days before the test day. */
const HISTORY_FROM = at('00:00') - 35 * DAY;

/** The test day: away (32 kW) 09:00-10:30, back 10:30-11:00, away again from 11:00. */
const testDayKw = (start: number) =>
  (start >= at('09:00') && start < at('10:30')) || start >= at('11:00') ? 32 : 20;

async function writeQuarters(db: Db, factoryId: number, nodeId: number, from: number, to: number) {
  const starts: string[] = [];
  const kwh: number[] = [];
  for (let t = from; t < to; t += Q) {
    starts.push(new Date(t).toISOString());
    kwh.push((t >= at('00:00') ? testDayKw(t) : 20) / 4);
  }
  await db.query(
    `INSERT INTO rollups_15m (factory_id, node_id, bucket_start, kwh_forward, kwh_reverse, avg_kw, samples)
     SELECT $1, $2, s, f, 0, f * 4, 15 FROM unnest($3::timestamptz[], $4::float8[]) AS u (s, f)
     ON CONFLICT DO NOTHING`,
    [factoryId, nodeId, starts, kwh],
  );
}

describe.each(backends)('anomaly events on %s', (backend) => {
  let t: AlarmTestApp;
  let compressor: number;
  let fresh: number;
  const alerts: { title: string }[] = [];
  let hookOn: number;
  let hookOff: number;

  /** The compressor's (and the fresh meter's) data up to `hhmm`, then a look at that time. */
  const lookAt = async (hhmm: string) => {
    const now = at(hhmm);
    await writeQuarters(t.db, t.factoryId, compressor, HISTORY_FROM, now);
    await writeQuarters(t.db, t.factoryId, fresh, at('00:00'), now);
    await t.db.query(
      `INSERT INTO latest_readings (factory_id, node_id, ts) VALUES ($1, $2, $4), ($1, $3, $4)
       ON CONFLICT (node_id, factory_id) DO UPDATE SET ts = EXCLUDED.ts`,
      [t.factoryId, compressor, fresh, new Date(now).toISOString()],
    );
    return t.app.anomalies.check(new Date(now));
  };
  const anomalies = async () =>
    (await eventsOf(t.db, t.factoryId)).filter((event) => event.kind === 'anomaly');
  const hooked = async (destinationId: number) =>
    (
      await t.db.query<{ event_id: string }>(
        'SELECT event_id::text FROM webhook_outbox WHERE destination_id = $1 ORDER BY id',
        [destinationId],
      )
    ).map((row) => row.event_id);

  beforeAll(async () => {
    t = await startAlarmApp(backend);
    compressor = await t.nodeId('WB-M01-C1');
    fresh = await t.nodeId('WB-M01-C2');
    const hub = t.app.hub;
    const toFactory = hub.toFactory.bind(hub);
    hub.toFactory = (factoryId, target, payload) => {
      if (target === 'AlertReceived') alerts.push(payload as { title: string });
      return toFactory(factoryId, target, payload);
    };
    await addReceivers(t.db, t.factoryId, [
      { name: 'Ops', email: 'ops@example.com', status: 'on' },
    ]);
    const hook = async (name: string, anomalies: boolean) =>
      (
        await t.db.query<{ id: number }>(
          `INSERT INTO webhook_destinations (factory_id, name, format, url, secret, anomalies)
           VALUES ($1, $2, 'signed', 'http://127.0.0.1:9/hook', 'key', $3) RETURNING id`,
          [t.factoryId, name, anomalies],
        )
      )[0]!.id;
    hookOn = await hook('Anomalies on', true);
    hookOff = await hook('Anomalies off', false);
  });
  afterAll(() => t?.close());

  it('45 minutes away is not yet an anomaly', async () => {
    expect(await lookAt('09:52')).toBe(0);
    expect(await anomalies()).toEqual([]);
  });

  it('exactly 60 minutes away opens one event: bell, mail, and the destinations that want it', async () => {
    expect(await lookAt('10:01')).toBe(1);
    const [event] = await anomalies();
    expect(event).toMatchObject({
      node_id: compressor,
      target: 'anomaly',
      state: 'unresolved',
      value: 32,
    });
    expect(event!.title_en).toBe('Anomaly: Air Compressor 1');
    expect(event!.desc_en).toBe(
      'Air Compressor 1 has drawn 32 kW since 2026/11/23 09:00, 12 kW (60 %) above its typical 20 kW.',
    );
    expect(event!.opened_at).toEqual(new Date(at('10:01')));
    expect(await outboxOf(t.db, event!.id)).toEqual([{ to_address: 'ops@example.com' }]);
    expect(alerts.map((alert) => alert.title)).toEqual(['用電異常：空壓機 1']);
    expect(await hooked(hookOn)).toEqual([event!.id]);
    expect(await hooked(hookOff)).toEqual([]);
  });

  it('a meter without history has no typical day yet: nothing opens for it', async () => {
    expect((await anomalies()).some((event) => event.node_id === fresh)).toBe(false);
  });

  it('is not opened again within the episode, even once cleared by a person', async () => {
    expect(await lookAt('10:16')).toBe(0);
    const [event] = await anomalies();
    expect((await t.resolve(event!.id)).json()).toMatchObject({ statusCode: 200 });
    expect(await lookAt('10:31')).toBe(0);
    expect((await anomalies()).map((e) => e.state)).toEqual(['resolved']);
  });

  it('after the load came back, a new episode opens a new event', async () => {
    expect(await lookAt('10:46')).toBe(0); // 10:30-10:45 back within the margin: the episode ends
    expect(await lookAt('11:46')).toBe(0); // 45 minutes away again
    expect(await lookAt('12:01')).toBe(1);
    const events = await anomalies();
    expect(events.map((e) => e.state)).toEqual(['resolved', 'unresolved']);
    expect(events[1]!.desc_en).toContain('since 2026/11/23 11:00');
    expect(await hooked(hookOn)).toEqual(events.map((e) => e.id));
  });

  it('shows in the Admin event list as kind anomaly', async () => {
    const admin = await signInAs(t.app, ADMIN);
    const response = await postJson(
      t.app,
      '/v1/Admin/Event/List',
      { email: ADMIN.email, action: '/v1/Admin/Event/List', token: '', target: 'anomaly' },
      { authorization: `Bearer ${admin.token}` },
    );
    const list = adminEventListResponse.parse(response.json());
    expect(list.events.map((e) => [e.kind, e.target, e.state])).toEqual([
      ['anomaly', 'anomaly', 'unresolved'],
      ['anomaly', 'anomaly', 'resolved'],
    ]);
  });

  it('Admin › Webhooks saves the choice; a save without it keeps it; existing rows had none', async () => {
    const admin = await signInAs(t.app, ADMIN);
    const save = (fields: Record<string, unknown>) =>
      postJson(
        t.app,
        '/v1/Admin/Webhook/Save',
        {
          email: ADMIN.email,
          action: '/v1/Admin/Webhook/Save',
          token: '',
          name: 'Ops hook',
          format: 'signed',
          url: 'https://ops.example/hook',
          enabled: true,
          alarms: true,
          demand: false,
          ...fields,
        },
        { authorization: `Bearer ${admin.token}` },
      );
    const listed = (response: { json(): unknown }, id: number) =>
      adminWebhookSaveResponse.parse(response.json()).webhooks.find((w) => w.id === id);
    const made = adminWebhookSaveResponse.parse((await save({ webhookId: null })).json());
    const id = made.webhooks.at(-1)!.id;
    expect(made.webhooks.at(-1)!.anomalies).toBe(false);
    expect(listed(await save({ webhookId: id, anomalies: true }), id)?.anomalies).toBe(true);
    expect(listed(await save({ webhookId: id, name: 'Renamed' }), id)).toMatchObject({
      name: 'Renamed',
      anomalies: true,
    });
    const audit = await t.db.query<{ detail: { anomalies?: boolean } }>(
      "SELECT detail FROM audit_log WHERE action = 'webhook.change' ORDER BY id",
    );
    expect(audit.map((row) => row.detail.anomalies)).toEqual([true, undefined]);
    expect(listed(await save({ webhookId: id }), hookOn)?.anomalies).toBe(true);
  });

  it('the rule is set in Admin › Factory; switched off, nothing is judged', async () => {
    const admin = await signInAs(t.app, ADMIN);
    const call = (path: string, fields: Record<string, unknown> = {}) =>
      postJson(
        t.app,
        path,
        { email: ADMIN.email, action: path, token: '', ...fields },
        { authorization: `Bearer ${admin.token}` },
      );
    const got = adminFactoryResponse.parse((await call('/v1/Admin/Factory/Get')).json());
    expect(got.factory.anomalies).toEqual({
      enabled: true,
      marginPercent: 30,
      minKw: 3,
      minutes: 60,
    });
    const { id: _id, slug: _slug, anomalies: _a, ...settings } = got.factory;
    const bad = await call('/v1/Admin/Factory/Update', {
      ...settings,
      anomalies: { enabled: true, marginPercent: 30, minKw: 3, minutes: 50 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('minutes must be a multiple of 15');
    const saved = await call('/v1/Admin/Factory/Update', {
      ...settings,
      anomalies: { enabled: false, marginPercent: '40', minKw: 5, minutes: 90 },
    });
    expect(adminFactoryResponse.parse(saved.json()).factory.anomalies).toEqual({
      enabled: false,
      marginPercent: 40,
      minKw: 5,
      minutes: 90,
    });
    // Without the field the rule stays as it is (a client that predates it).
    const kept = adminFactoryResponse.parse(
      (await call('/v1/Admin/Factory/Update', settings)).json(),
    );
    expect(kept.factory.anomalies?.enabled).toBe(false);
    const before = (await anomalies()).length;
    expect(await lookAt('13:31')).toBe(0);
    expect(await anomalies()).toHaveLength(before);
  });
});
