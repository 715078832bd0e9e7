import { describe, expect, it } from 'vitest';
import { readingsFromPayload } from '../../src/modules/ingest/mqtt-payload.ts';
import {
  parseReadingTopic,
  readingSubscription,
  readingTopic,
} from '../../src/modules/ingest/mqtt-topic.ts';

describe('reading topics', () => {
  it('subscribes to every factory and meter through a shared subscription', () => {
    expect(readingSubscription('wattboard', 'wattboard')).toBe(
      '$share/wattboard/wattboard/+/meter/+/reading',
    );
  });

  it('reads the factory and the meter serial back from a topic', () => {
    const topic = readingTopic('wattboard', 1, 'WB-M01');
    expect(topic).toBe('wattboard/1/meter/WB-M01/reading');
    expect(parseReadingTopic(topic, 'wattboard')).toEqual({ factory: '1', meterSerial: 'WB-M01' });
    expect(parseReadingTopic('test/run-1/demo/meter/WB-M02/reading', 'test/run-1')).toEqual({
      factory: 'demo',
      meterSerial: 'WB-M02',
    });
  });

  it('refuses topics of another shape or another prefix', () => {
    for (const topic of [
      'wattboard/1/meter/WB-M01/state',
      'wattboard/1/channel/WB-M01/reading',
      'wattboard/1/meter/WB-M01/reading/extra',
      'wattboard//meter/WB-M01/reading',
      'other/1/meter/WB-M01/reading',
      'wattboardx/1/meter/WB-M01/reading',
    ]) {
      expect(parseReadingTopic(topic, 'wattboard'), topic).toBeNull();
    }
  });
});

describe('reading payloads', () => {
  const reading = { serial: 'WB-M01-C1', ts: '2026-11-21T06:03:00Z', phases: {} };

  it('takes the HTTP body as it is', () => {
    expect(readingsFromPayload(JSON.stringify({ readings: [reading] }), 'WB-M01')).toEqual({
      ok: true,
      readings: [reading],
    });
  });

  it('takes a single reading, which without a serial is the topic meter’s own', () => {
    const { serial: _serial, ...own } = reading;
    expect(readingsFromPayload(Buffer.from(JSON.stringify(own)), 'WB-M01')).toEqual({
      ok: true,
      readings: [{ ...own, serial: 'WB-M01' }],
    });
  });

  it('says what is wrong with a payload that can never be stored', () => {
    expect(readingsFromPayload('{not json', 'WB-M01')).toEqual({
      ok: false,
      reason: 'payload is not valid JSON',
    });
    expect(readingsFromPayload('{"serial":"M1","__proto__":{"x":1}}', 'WB-M01')).toEqual({
      ok: false,
      reason: 'The payload has a key named "__proto__", which is not allowed.',
    });
    expect(readingsFromPayload(JSON.stringify({ readings: [] }), 'WB-M01')).toEqual({
      ok: false,
      reason: 'readings: send at least one reading',
    });
    expect(readingsFromPayload('[1, 2]', 'WB-M01')).toMatchObject({ ok: false });
    expect(readingsFromPayload('"text"', 'WB-M01')).toMatchObject({ ok: false });
  });
});
