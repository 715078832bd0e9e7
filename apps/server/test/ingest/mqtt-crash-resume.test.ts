// Found by the soak test (#16): after `kill -9` of one instance, every fourth
// reading for minutes went to the dead instance's persistent session (a random
// client id per start), so nobody stored it. With a stable client id the
// restarted instance resumes that session and stores what the broker kept.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { readingTopic } from '../../src/modules/ingest/mqtt-topic.ts';
import { parseConfig, mqttIngestClientId } from '../../src/platform/config.ts';
import {
  nodeIdBySerial,
  startIngestApp,
  storedReadings,
  wire3,
  type IngestTestApp,
} from './ingest-app.ts';

const mqttUrl = process.env.TEST_MQTT_URL ?? (process.env.CI ? 'mqtt://127.0.0.1:1883' : undefined);

describe('the ingest subscriber’s client id', () => {
  it('is MQTT_CLIENT_ID, else stable per host and port, else random (port 0)', () => {
    const config = (env: Record<string, string>) => parseConfig({ MQTT_URL: 'mqtt://b', ...env });
    expect(mqttIngestClientId(config({ MQTT_CLIENT_ID: 'plant-1' }), 'h')).toBe('plant-1');
    expect(mqttIngestClientId(config({ PORT: '3001' }), 'h')).toBe('wattboard-ingest-h-3001');
    expect(mqttIngestClientId(config({ PORT: '0' }), 'h')).toBeUndefined();
  });
});

describe.skipIf(!mqttUrl)('an instance restarted after a crash (PGlite)', () => {
  const prefix = `wattboard-test-${randomBytes(6).toString('hex')}`;
  const options = {
    url: mqttUrl!,
    topicPrefix: prefix,
    shareGroup: prefix,
    clientId: `${prefix}-ingest`,
  };
  const apps: IngestTestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('gets the readings published while it was down', async () => {
    const crashed = await startIngestApp('pglite', options);
    apps.push(crashed);
    await crashed.app.mqttIngest.subscribed;
    // A crash: the socket drops, no DISCONNECT, no session clean-up, no reconnect.
    const client = crashed.app.mqttIngest.client;
    client.options.reconnectPeriod = 0;
    client.stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));

    const publisher = await mqtt.connectAsync(mqttUrl!, { clientId: `${prefix}-publisher` });
    const ts = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 120_000).toISOString();
    await publisher.publishAsync(
      readingTopic(prefix, 'demo', 'WB-M02'),
      JSON.stringify({ readings: [wire3('WB-M02-C1', ts, 700)] }),
      { qos: 1 },
    );
    await publisher.endAsync();

    const restarted = await startIngestApp('pglite', options);
    apps.push(restarted);
    const nodeId = await nodeIdBySerial(restarted.db, restarted.demoFactoryId, 'WB-M02-C1');
    await expect
      .poll(async () => (await storedReadings(restarted.db, nodeId)).length, { timeout: 15_000 })
      .toBe(1);
  }, 60_000);
});
