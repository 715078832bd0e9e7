import type { Db } from '../../platform/db/db.ts';
import type { Ingest } from './ingest-plugin.ts';
import type { IngestResult } from './ingest-readings.ts';
import { readingsFromPayload } from './mqtt-payload.ts';
import { parseReadingTopic } from './mqtt-topic.ts';
import { factoryIdByTopicName } from '../factory/index.ts';

/** Maps a topic's factory segment (id or slug) to a factory id; found ones are cached. */
export type FactoryResolver = (factory: string) => Promise<number | null>;

export function createFactoryResolver(db: Db): FactoryResolver {
  const known = new Map<string, number>();
  return async (factory) => {
    const cached = known.get(factory);
    if (cached !== undefined) return cached;
    // Digits name the factory id (the agreed topic); anything else its slug.
    const id = await factoryIdByTopicName(db, factory);
    if (id !== null) known.set(factory, id);
    return id;
  };
}

/**
 * What became of one message. `dropped` messages can never succeed (bad topic,
 * unknown factory, malformed payload): they are logged and acknowledged, so the
 * broker does not redeliver them forever.
 */
export type MqttOutcome =
  | { kind: 'dropped'; reason: string }
  | { kind: 'ingested'; factoryId: number; meterSerial: string; result: IngestResult };

/**
 * Handles one reading message end to end. Resolves once the accepted readings
 * are committed (and queued for alarms and the hub, which do not hold the ack); throws only when storing failed (the caller must then not
 * acknowledge, so the broker delivers the message again).
 */
export async function handleReadingMessage(
  ingest: Ingest,
  resolveFactory: FactoryResolver,
  topicPrefix: string,
  topic: string,
  payload: Buffer | string,
  retentionDays?: number,
): Promise<MqttOutcome> {
  const parsedTopic = parseReadingTopic(topic, topicPrefix);
  if (!parsedTopic) {
    return { kind: 'dropped', reason: `topic "${topic}" is not {factory}/meter/{serial}/reading` };
  }
  const factoryId = await resolveFactory(parsedTopic.factory);
  if (factoryId === null) {
    return { kind: 'dropped', reason: `unknown factory "${parsedTopic.factory}" in the topic` };
  }
  const payloadResult = readingsFromPayload(payload, parsedTopic.meterSerial);
  if (!payloadResult.ok) return { kind: 'dropped', reason: payloadResult.reason };
  const result = await ingest(factoryId, payloadResult.readings, {
    path: 'mqtt',
    meterSerial: parsedTopic.meterSerial,
    ...(retentionDays !== undefined ? { retentionDays } : {}),
  });
  return { kind: 'ingested', factoryId, meterSerial: parsedTopic.meterSerial, result };
}
