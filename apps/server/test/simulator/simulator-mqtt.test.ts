import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/platform/config.ts';
import type { MqttOutcome } from '../../src/modules/ingest/mqtt-message.ts';
import { ingestPlugin } from '../../src/modules/ingest/ingest-plugin.ts';
import { mqttIngestPlugin } from '../../src/modules/ingest/mqtt-plugin.ts';
import { dbPlugin } from '../../src/platform/db/plugin.ts';
import { demoSeedPlugin } from '../../src/modules/demo/index.ts';
import { metricsPlugin } from '../../src/platform/metrics/plugin.ts';
import { readingsFeedPlugin } from '../../src/modules/ingest/readings-feed.ts';
import { simulatorPlugin } from '../../src/modules/simulator/plugin.ts';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { testConfig } from '../helpers/test-app.ts';

const mqttUrl = process.env.TEST_MQTT_URL ?? (process.env.CI ? 'mqtt://127.0.0.1:1883' : undefined);

describe('SIMULATOR_TRANSPORT', () => {
  it('is ingest by default and mqtt only with a broker', () => {
    expect(parseConfig({}).simulatorTransport).toBe('ingest');
    expect(
      parseConfig({ SIMULATOR_TRANSPORT: 'mqtt', MQTT_URL: 'mqtt://127.0.0.1:1883' })
        .simulatorTransport,
    ).toBe('mqtt');
    expect(() => parseConfig({ SIMULATOR_TRANSPORT: 'mqtt' })).toThrow(/needs MQTT_URL/);
    expect(() => parseConfig({ SIMULATOR_TRANSPORT: 'http' })).toThrow(/SIMULATOR_TRANSPORT/);
  });
});

describe.skipIf(!mqttUrl).each(backends)('simulator over MQTT on %s', (backend) => {
  // A topic root of its own, so parallel runs never see these messages.
  const prefix = `wattboard-test-${randomBytes(6).toString('hex')}`;
  let testDb: TestDb;
  let app: FastifyInstance;
  const outcomes: MqttOutcome[] = [];

  beforeAll(async () => {
    testDb = await openTestDb(backend);
    app = Fastify({ logger: false, pluginTimeout: 60_000 });
    await app.register(dbPlugin, { config: testConfig(), db: testDb.db });
    await app.register(demoSeedPlugin, { config: testConfig() });
    await app.register(metricsPlugin);
    await app.register(readingsFeedPlugin);
    await app.register(ingestPlugin);
    await app.register(mqttIngestPlugin, {
      url: mqttUrl!,
      topicPrefix: prefix,
      shareGroup: prefix,
    });
    await app.register(simulatorPlugin, {
      enabled: true,
      mqtt: { url: mqttUrl!, topicPrefix: prefix },
    });
    await app.ready();
    app.mqttIngest.onOutcome((outcome) => outcomes.push(outcome));
    await app.mqttIngest.subscribed;
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  it('publishes a live tick per meter, and the subscribed ingest stores every reading', async () => {
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const tick = await app.simulator.tick(now);
    expect(tick.readings).toBeGreaterThan(10);
    expect(tick).toMatchObject({ accepted: tick.readings, rejected: 0 });

    const stored = async () => {
      const rows = await app.db.query<{ n: number | string }>(
        'SELECT count(*) AS n FROM readings WHERE ts = $1',
        [now],
      );
      return Number(rows[0]!.n);
    };
    const deadline = Date.now() + 30_000;
    while ((await stored()) < tick.readings && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await stored()).toBe(tick.readings);
    // They came through the broker: one message per meter, each on the meter's own topic. A
    // message's outcome is reported after its rows are committed, so wait for those too.
    const ingested = () => outcomes.filter((o) => o.kind === 'ingested');
    const accepted = () => ingested().reduce((sum, o) => sum + o.result.accepted, 0);
    while (accepted() < tick.readings && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(ingested().length).toBeGreaterThan(1);
    expect(accepted()).toBe(tick.readings);
  }, 60_000);
});
