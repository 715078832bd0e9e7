import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { createMqttSender, type MqttCommandSender } from '../../src/modules/control/mqtt-sender.ts';
import { createScheduler, type Scheduler } from '../../src/modules/control/scheduler.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { seedDemo } from '../../src/modules/demo/repo/seed.ts';
import { scryptParams } from '../../src/modules/auth/password.ts';
import { applyReport, type ReportOutcome } from '../../src/modules/control/repo/reports.ts';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';

const mqttUrl = process.env.TEST_MQTT_URL ?? (process.env.CI ? 'mqtt://127.0.0.1:1883' : undefined);
const AT = Date.parse('2026-11-17T02:07:00Z');

/**
 * The scheduler with the real MQTT sender against a real broker (Mosquitto),
 * and three test devices: one confirms, one never answers, one reports
 * another state than it was told.
 */
describe.skipIf(!mqttUrl).each(backends)('commands over MQTT on %s', (backend) => {
  const prefix = `wattboard-ctl-${randomBytes(5).toString('hex')}`;
  let t: TestDb;
  let sender: MqttCommandSender;
  let scheduler: Scheduler;
  const devices: MqttClient[] = [];
  const received = new Map<number, unknown[]>();
  const outcomes: ReportOutcome[] = [];
  const offline: number[] = [];
  const ids = new Map<string, number>();

  const device = async (name: string, answer: (state: string) => string | null) => {
    const id = ids.get(name)!;
    const client = await mqtt.connectAsync(mqttUrl!, { clientId: `${prefix}-${id}` });
    devices.push(client);
    client.on('message', (_topic, payload) => {
      const command = JSON.parse(payload.toString()) as { commandId: number; state: string };
      received.set(id, [...(received.get(id) ?? []), command]);
      const state = answer(command.state);
      if (state !== null) {
        void client.publishAsync(
          `${prefix}/demo/channel/${id}/state`,
          JSON.stringify({ commandId: command.commandId, state }),
          { qos: 1 },
        );
      }
    });
    await client.subscribeAsync(`${prefix}/demo/channel/${id}/command`, { qos: 1 });
  };

  const waitFor = async (check: () => boolean) => {
    const started = Date.now();
    while (!check()) {
      if (Date.now() - started > 10_000) throw new Error('timed out waiting for the devices');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    t = await openTestDb(backend);
    await migrate(t.db);
    await seedDemo(t.db, scryptParams(10));
    for (const row of await t.db.query<{ id: number; name: string }>(
      'SELECT id, name FROM channel_schedules',
    )) {
      ids.set(row.name, row.id);
    }
    // Only the three test devices differ from what they should be: on, told to go off.
    await t.db.query(`UPDATE channel_schedules SET action = 'off', status = 'off'`);
    await t.db.query(`UPDATE channel_schedules SET status = 'on' WHERE name = ANY($1::text[])`, [
      ['Workshop Lighting', 'Warehouse Lighting', 'Water Pump'],
    ]);
    const log = pino({ level: 'silent' });
    sender = createMqttSender({
      url: mqttUrl!,
      topicPrefix: prefix,
      shareGroup: prefix,
      db: t.db,
      log,
      report: async (report) => {
        outcomes.push(await t.db.transaction((tx) => applyReport(tx, report)));
      },
    });
    await sender.ready;
    scheduler = createScheduler({
      db: t.db,
      log,
      holder: prefix,
      sender: () => sender,
      countCommand: () => undefined,
      onOffline: async (_factory, channels) => {
        offline.push(...channels);
      },
    });
    await device('Workshop Lighting', (state) => state);
    await device('Warehouse Lighting', () => null);
    await device('Water Pump', (state) => (state === 'off' ? 'on' : 'off'));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(devices.map((client) => client.endAsync()));
    await sender?.close();
    await t?.dispose();
  });

  const commandRows = () =>
    t.db.query<{ channel: number; state: string; status: string; reported_state: string | null }>(
      `SELECT channel_schedule_id AS channel, state, status, reported_state FROM commands ORDER BY id`,
    );
  const status = async (name: string) =>
    (
      await t.db.query<{ status: string }>('SELECT status FROM channel_schedules WHERE id = $1', [
        ids.get(name),
      ])
    )[0]!.status;

  it('publishes QoS 1 JSON commands with an id, and applies each device’s answer', async () => {
    const [run] = await scheduler.tick(AT);
    expect(run!.commands).toHaveLength(3);
    await waitFor(() => received.size === 3 && outcomes.length === 2);
    const workshop = ids.get('Workshop Lighting')!;
    expect(received.get(workshop)).toEqual([
      { commandId: expect.any(Number), state: 'off', options: null },
    ]);
    expect(outcomes.sort()).toEqual(['confirmed', 'refused']);
    const rows = new Map((await commandRows()).map((row) => [row.channel, row]));
    expect(rows.get(workshop)).toMatchObject({ status: 'confirmed' });
    expect(rows.get(ids.get('Water Pump')!)).toMatchObject({
      status: 'failed',
      reported_state: 'on',
    });
    expect(rows.get(ids.get('Warehouse Lighting')!)).toMatchObject({ status: 'sent' });
    expect(await status('Workshop Lighting')).toBe('off');
    expect(await status('Water Pump')).toBe('on'); // what the device says, not what it was told
  });

  it('marks the silent device offline after 60 s and asks the contrary one again a minute later', async () => {
    const [run] = await scheduler.tick(AT + 60_000);
    expect(run!.offline).toEqual([ids.get('Warehouse Lighting')]);
    expect(offline).toEqual([ids.get('Warehouse Lighting')]);
    expect(await status('Warehouse Lighting')).toBe('offline');
    expect(run!.commands.map((c) => c.channelId)).toEqual([ids.get('Water Pump')]);
    await waitFor(() => outcomes.length === 3);
    expect(await status('Water Pump')).toBe('on');
  });
});
