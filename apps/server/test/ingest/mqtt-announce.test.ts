import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { readingTopic } from '../../src/modules/ingest/mqtt-topic.ts';
import { backends } from '../helpers/backends.ts';
import {
  nodeIdBySerial,
  startIngestApp,
  storedReadings,
  wire3,
  type IngestTestApp,
} from './ingest-app.ts';

const mqttUrl = process.env.TEST_MQTT_URL ?? (process.env.CI ? 'mqtt://127.0.0.1:1883' : undefined);

describe.skipIf(!mqttUrl).each(backends)(
  'MQTT acknowledges after the commit, not after alarms, on %s',
  (backend) => {
    const prefix = `wattboard-ack-${randomBytes(6).toString('hex')}`;
    let t: IngestTestApp;
    let publisher: MqttClient;

    beforeAll(async () => {
      t = await startIngestApp(backend, { url: mqttUrl!, topicPrefix: prefix, shareGroup: prefix });
      await t.app.mqttIngest.subscribed;
      publisher = await mqtt.connectAsync(mqttUrl!, { clientId: `${prefix}-publisher` });
    });
    afterAll(async () => {
      await publisher?.endAsync();
      await t?.close();
    });

    it('sends the PUBACK while a listener is still busy with the stored readings', async () => {
      let release!: () => void;
      const blocked = new Promise<void>((resolve) => {
        release = resolve;
      });
      let listenerDone = false;
      t.app.readingsFeed.subscribe('slow', async () => {
        await blocked;
        listenerDone = true;
      });
      const ts = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 3600_000).toISOString();

      // The server's own PUBACK to the broker: sent once the message's readings are committed.
      const acked = new Promise<void>((resolve) => {
        const onPacket = (packet: { cmd: string }) => {
          if (packet.cmd !== 'puback') return;
          t.app.mqttIngest.client.off('packetsend', onPacket);
          resolve();
        };
        t.app.mqttIngest.client.on('packetsend', onPacket);
      });
      await publisher.publishAsync(
        readingTopic(prefix, t.demoFactoryId, 'WB-M02'),
        JSON.stringify(wire3('WB-M02', ts, 77)),
        { qos: 1 },
      );
      await acked;
      const rows = await storedReadings(
        t.db,
        await nodeIdBySerial(t.db, t.demoFactoryId, 'WB-M02'),
      );
      expect(rows.map((row) => row.kwh_forward)).toContain(77);
      expect(listenerDone).toBe(false);

      release();
      await t.app.readingsFeed.idle();
      expect(listenerDone).toBe(true);
    });
  },
);
