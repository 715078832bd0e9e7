import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import type { MqttOutcome } from '../../src/modules/ingest/mqtt-message.ts';
import { readingTopic } from '../../src/modules/ingest/mqtt-topic.ts';
import { backends } from '../helpers/backends.ts';
import {
  nodeIdBySerial,
  startIngestApp,
  storedReadings,
  wire3,
  type IngestTestApp,
} from './ingest-app.ts';

// In CI the broker is required (TEST_MQTT_URL is set); elsewhere these tests run only when asked.
const mqttUrl = process.env.TEST_MQTT_URL ?? (process.env.CI ? 'mqtt://127.0.0.1:1883' : undefined);
if (!mqttUrl) {
  console.warn(
    'MQTT ingest tests skipped: set TEST_MQTT_URL (e.g. mqtt://127.0.0.1:1883) to run them against a broker.',
  );
}

const BASE_MS = Math.floor(Date.now() / 60_000) * 60_000 - 3 * 3600_000;
const at = (minutes: number) => new Date(BASE_MS + minutes * 60_000).toISOString();

describe.skipIf(!mqttUrl).each(backends)('MQTT ingest on %s', (backend) => {
  // A topic root of its own, so parallel runs and the other backend never see these messages.
  const prefix = `wattboard-test-${randomBytes(6).toString('hex')}`;
  let t: IngestTestApp;
  let publisher: MqttClient;
  const outcomes: MqttOutcome[] = [];
  const waiters: (() => boolean)[] = [];

  /** Resolves once `count` more messages have been handled (stored, or dropped). */
  function handled(count = 1): Promise<MqttOutcome[]> {
    const target = outcomes.length + count;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no MQTT message handled in 10 s')), 10_000);
      const check = () => {
        if (outcomes.length < target) return false;
        clearTimeout(timer);
        resolve(outcomes.slice(target - count, target));
        return true;
      };
      if (!check()) waiters.push(check);
    });
  }

  beforeAll(async () => {
    t = await startIngestApp(backend, {
      url: mqttUrl!,
      topicPrefix: prefix,
      shareGroup: prefix,
      retryDelayMs: 200,
    });
    t.app.mqttIngest.onOutcome((outcome) => {
      outcomes.push(outcome);
      for (const waiter of waiters.splice(0)) if (!waiter()) waiters.push(waiter);
    });
    await t.app.mqttIngest.subscribed;
    publisher = await mqtt.connectAsync(mqttUrl!, { clientId: `${prefix}-publisher` });
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await t?.close();
  });

  const publish = (topic: string, payload: unknown, qos: 0 | 1 = 1) =>
    publisher.publishAsync(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), {
      qos,
    });

  it('stores a meter’s batch published on its topic (QoS 1)', async () => {
    const done = handled();
    const readings = [0, 1].map((m) => wire3('WB-M02-C1', at(m), 500 + m));
    await publish(readingTopic(prefix, t.demoFactoryId, 'WB-M02'), { readings });
    const [outcome] = await done;
    expect(outcome).toMatchObject({ kind: 'ingested', factoryId: t.demoFactoryId });
    if (outcome?.kind === 'ingested') {
      expect(outcome.result).toMatchObject({ accepted: 2, duplicates: 0, rejected: [] });
    }
    const rows = await storedReadings(
      t.db,
      await nodeIdBySerial(t.db, t.demoFactoryId, 'WB-M02-C1'),
    );
    expect(rows.map((row) => row.kwh_forward)).toEqual([500, 501]);
  });

  it('takes the factory slug in the topic, and a bare reading as the topic meter’s own', async () => {
    const done = handled();
    const { serial: _serial, ...own } = wire3('WB-M02', at(5), 9000);
    await publish(readingTopic(prefix, 'demo', 'WB-M02'), own);
    await done;
    const rows = await storedReadings(t.db, await nodeIdBySerial(t.db, t.demoFactoryId, 'WB-M02'));
    expect(rows.map((row) => row.kwh_forward)).toEqual([9000]);
  });

  it('survives bad payloads and keeps storing what comes after them', async () => {
    const done = handled(4);
    await publish(readingTopic(prefix, t.demoFactoryId, 'WB-M02'), '{"readings": [');
    await publish(readingTopic(prefix, 'no-such-factory', 'WB-M02'), { readings: [{}] });
    await publish(readingTopic(prefix, t.demoFactoryId, 'WB-M02'), {
      readings: [wire3('WB-M01-C1', at(6), 1), wire3('WB-M02-C2', at(6), 42)],
    });
    await publish(
      readingTopic(prefix, t.demoFactoryId, 'WB-M02'),
      {
        readings: [wire3('WB-M02-C2', at(7), 43)],
      },
      0,
    );
    const [notJson, noFactory, mixed, qos0] = await done;
    expect(notJson).toEqual({ kind: 'dropped', reason: 'payload is not valid JSON' });
    expect(noFactory).toEqual({
      kind: 'dropped',
      reason: 'unknown factory "no-such-factory" in the topic',
    });
    expect(mixed?.kind === 'ingested' && mixed.result.rejected).toEqual([
      {
        index: 0,
        serial: 'WB-M01-C1',
        reason: '"WB-M01-C1" is not meter "WB-M02" of the topic or one of its circuits',
      },
    ]);
    expect(qos0?.kind === 'ingested' && qos0.result.accepted).toBe(1);
    const rows = await storedReadings(
      t.db,
      await nodeIdBySerial(t.db, t.demoFactoryId, 'WB-M02-C2'),
    );
    expect(rows.map((row) => row.kwh_forward)).toEqual([42, 43]);
  });

  it('ignores a redelivered message: the same readings are duplicates', async () => {
    const message = { readings: [wire3('WB-M02-C3', at(8), 77)] };
    const done = handled(2);
    await publish(readingTopic(prefix, t.demoFactoryId, 'WB-M02'), message);
    await publish(readingTopic(prefix, t.demoFactoryId, 'WB-M02'), message);
    const [first, second] = await done;
    expect(first?.kind === 'ingested' && first.result.accepted).toBe(1);
    expect(second?.kind === 'ingested' && second.result.duplicates).toBe(1);
  });

  it('a NUL byte in one serial refuses that reading only, and the message is acknowledged', async () => {
    const topic = readingTopic(prefix, t.demoFactoryId, 'WB-M02');
    const done = handled(2);
    await publish(topic, {
      readings: [
        wire3('WB-M02-C1', at(20), 600),
        { ...wire3('WB-M02-C1', at(21), 601), serial: 'WB-M02\u0000-C1' },
        wire3('WB-M02-C1', at(22), 602),
      ],
    });
    // The next message must be the next outcome: a redelivery of the first would come in between.
    await publish(topic, { readings: [wire3('WB-M02-C1', at(23), 603)] });
    const [withNul, next] = await done;
    expect(withNul?.kind === 'ingested' && withNul.result).toMatchObject({
      accepted: 2,
      rejected: [
        {
          index: 1,
          serial: 'WB-M02\u0000-C1',
          reason: 'serial: must not contain control characters (such as NUL)',
        },
      ],
    });
    expect(next?.kind === 'ingested' && next.result.accepted).toBe(1);
    const node = await nodeIdBySerial(t.db, t.demoFactoryId, 'WB-M02-C1');
    const stored = (await storedReadings(t.db, node)).map((row) => row.kwh_forward);
    expect(stored).toEqual(expect.arrayContaining([600, 602, 603]));
    expect(stored).not.toContain(601);
  });

  it('acknowledges only what was committed: a failed store is redelivered, then stored', async () => {
    // A real database failure for the next insert into readings only (a sequence survives the rollback).
    await t.db.exec(`
      CREATE SEQUENCE ingest_outage_seq;
      CREATE FUNCTION ingest_outage() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('ingest_outage_seq') = 1 THEN RAISE EXCEPTION 'simulated database outage'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER ingest_outage BEFORE INSERT ON readings
        FOR EACH STATEMENT EXECUTE FUNCTION ingest_outage();`);
    try {
      const done = handled();
      await publish(readingTopic(prefix, t.demoFactoryId, 'WB-M02'), {
        readings: [wire3('WB-M02-C4', at(9), 1234)],
      });
      // The first delivery failed and was not acknowledged; only the redelivery is handled.
      const [outcome] = await done;
      expect(outcome?.kind === 'ingested' && outcome.result.accepted).toBe(1);
      const [{ failures }] = (await t.db.query<{ failures: string }>(
        'SELECT last_value AS failures FROM ingest_outage_seq',
      )) as [{ failures: string }];
      expect(Number(failures)).toBeGreaterThanOrEqual(2);
      const node = await nodeIdBySerial(t.db, t.demoFactoryId, 'WB-M02-C4');
      expect((await storedReadings(t.db, node)).map((row) => row.kwh_forward)).toEqual([1234]);
    } finally {
      await t.db.exec('DROP TRIGGER ingest_outage ON readings; DROP FUNCTION ingest_outage();');
    }
  });
});
