import type { MqttClient } from 'mqtt';
import type { Queryable } from '../../platform/db/db.ts';
import { loadIngestNodes, DEFAULT_TOPIC_PREFIX, readingTopic } from '../ingest/index.ts';
import type { SimReading } from './generator.ts';
import type { ReadingWriter, WriteResult } from './simulator.ts';

export interface MqttReadingWriterOptions {
  client: MqttClient;
  db: Queryable;
  /** Topic root (default 'wattboard'); tests use a unique one. */
  topicPrefix?: string;
}

/**
 * The simulator as a gateway would be (SIMULATOR_TRANSPORT=mqtt): each meter's
 * readings, with its circuits', go as one QoS 1 message on
 * `{prefix}/{factory id}/meter/{serial}/reading`. "Accepted" here means the
 * broker acknowledged the message (PUBACK); storing is the subscribed
 * instances' work, so duplicates are not known at this end. A reading whose
 * node has no meter (unknown serial) cannot be routed and is reported as
 * rejected, as ingest would.
 */
export function createMqttReadingWriter(options: MqttReadingWriterOptions): ReadingWriter {
  const prefix = options.topicPrefix ?? DEFAULT_TOPIC_PREFIX;
  return async (factoryId, readings) => {
    const serials = [...new Set(readings.map((reading) => reading.serial))];
    const nodes = await loadIngestNodes(options.db, factoryId, serials);
    const byMeter = new Map<string, SimReading[]>();
    const rejected: WriteResult['rejected'][number][] = [];
    readings.forEach((reading, index) => {
      const meter = nodes.get(reading.serial)?.meterSerial;
      if (!meter) {
        rejected.push({ index, serial: reading.serial, reason: 'no meter to publish it under' });
        return;
      }
      const group = byMeter.get(meter) ?? [];
      group.push(reading);
      byMeter.set(meter, group);
    });
    // mqtt.js keeps unacknowledged QoS 1 messages and sends them again after a
    // reconnect, so these resolve once the broker has each one, outage or not.
    await Promise.all(
      [...byMeter].map(([meter, group]) =>
        options.client.publishAsync(
          readingTopic(prefix, factoryId, meter),
          JSON.stringify({ readings: group }),
          { qos: 1 },
        ),
      ),
    );
    return { accepted: readings.length - rejected.length, duplicates: 0, rejected };
  };
}
