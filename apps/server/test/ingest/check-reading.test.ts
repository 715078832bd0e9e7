import { describe, expect, it } from 'vitest';
import { checkReading, type IngestNode } from '../../src/modules/ingest/check-reading.ts';

const NOW = new Date('2026-11-21T06:05:00Z');

const node = (
  id: number,
  serial: string,
  type: IngestNode['type'],
  wiring: IngestNode['wiring'],
  meterSerial: string | null,
): [string, IngestNode] => [serial, { id, serial, type, wiring, meterSerial }];

const nodes = new Map<string, IngestNode>([
  node(1, 'WB-M01', 'smartMeter', 'a,b,c', 'WB-M01'),
  node(2, 'WB-M01-C1', 'circuit', 'a,b,c', 'WB-M01'),
  node(3, 'WB-M05', 'smartMeter', 'l1,l2', 'WB-M05'),
  node(4, 'WB-M05-C3', 'circuit', 'value', 'WB-M05'),
  node(5, 'WB-M02-C1', 'circuit', 'ab,bc,ca', 'WB-M02'),
  node(6, 'AREA-1', 'virtual', null, null),
]);

const p = (voltage: number, current: number, kw: number, pf?: number) => ({
  voltage,
  current,
  kw,
  ...(pf === undefined ? {} : { pf }),
});

const threePhase = {
  serial: 'WB-M01-C1',
  ts: '2026-11-21T06:03:00Z',
  phases: { a: p(220, 10, 2.1, 0.95), b: p(221, 11, 2.3, 0.96), c: p(219, 9, 1.9) },
  kwhForward: 1000.5,
  kwhReverse: 0,
  frequency: 60,
  temperature: 35.2,
};

const check = (raw: unknown, meterSerial?: string) =>
  checkReading(raw, { nodes, now: NOW, ...(meterSerial ? { meterSerial } : {}) });

function reasonOf(raw: unknown, meterSerial?: string): string {
  const verdict = check(raw, meterSerial);
  if (verdict.ok) throw new Error('expected a rejection');
  return verdict.reason;
}

describe('checkReading accepts', () => {
  it('a three-phase reading, summing the phases into kW when the total is absent', () => {
    const verdict = check(threePhase);
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    expect(verdict.reading).toMatchObject({
      nodeId: 2,
      kwhForward: 1000.5,
      kwhReverse: 0,
      frequency: 60,
      temperature: 35.2,
    });
    expect(verdict.reading.ts.toISOString()).toBe('2026-11-21T06:03:00.000Z');
    expect(verdict.reading.kw).toBeCloseTo(6.3, 10);
    expect(verdict.reading.phases.c).toEqual({ voltage: 219, current: 9, kw: 1.9, pf: null });
  });

  it('the total kW the meter sent, rather than the phase sum', () => {
    const verdict = check({ ...threePhase, kw: '6.5' });
    expect(verdict.ok && verdict.reading.kw).toBe(6.5);
  });

  it('every wiring with its own phase keys, in any order', () => {
    const delta = { ab: p(380, 5, 3), ca: p(381, 5, 3), bc: p(379, 5, 3) };
    const split = { l1: p(110, 3, 0.3), l2: p(111, 3, 0.3) };
    expect(check({ ...threePhase, serial: 'WB-M02-C1', phases: delta }).ok).toBe(true);
    expect(check({ ...threePhase, serial: 'WB-M05', phases: split }).ok).toBe(true);
    expect(
      check({ ...threePhase, serial: 'WB-M05-C3', phases: { value: p(220, 1, 0.2) } }).ok,
    ).toBe(true);
  });

  it('a reading up to two minutes ahead of the server clock (gateway clock drift)', () => {
    expect(check({ ...threePhase, ts: '2026-11-21T06:07:00Z' }).ok).toBe(true);
  });

  it('a solar circuit exporting power (negative kW) with no counters', () => {
    const { kwhForward: _f, kwhReverse: _r, ...noCounters } = threePhase;
    const verdict = check({
      ...noCounters,
      phases: { a: p(220, 5, -1), b: p(220, 5, -1), c: p(220, 5, -1) },
    });
    expect(verdict.ok && verdict.reading).toMatchObject({
      kw: -3,
      kwhForward: null,
      kwhReverse: null,
    });
  });
});

describe('checkReading rejects, with one reason naming the problem', () => {
  it.each([
    ['an unknown serial', { ...threePhase, serial: 'WB-X99' }, 'unknown meter serial "WB-X99"'],
    [
      'a virtual node',
      { ...threePhase, serial: 'AREA-1' },
      '"AREA-1" is a virtual node: it sums its children, send their readings instead',
    ],
    [
      'a timestamp more than 2 minutes ahead',
      { ...threePhase, ts: '2026-11-21T06:07:01Z' },
      'timestamp 2026-11-21T06:07:01.000Z is in the future (more than 2 minutes ahead of the server clock)',
    ],
    [
      'a gateway clock that was never set',
      { ...threePhase, ts: '1970-01-01T00:00:00Z' },
      'timestamp 1970-01-01T00:00:00.000Z is before 2000 (is the gateway clock set?)',
    ],
    [
      'an unparsable timestamp',
      { ...threePhase, ts: '21/11/2026 06:03' },
      'ts: timestamp unparsable: expected ISO 8601 with Z or an offset',
    ],
    [
      'a NaN value',
      { ...threePhase, phases: { ...threePhase.phases, b: p(NaN, 1, 1) } },
      'phases.b.voltage: not a finite number (NaN)',
    ],
    [
      'a missing number',
      { ...threePhase, phases: { ...threePhase.phases, c: { voltage: 220, kw: 1 } } },
      'phases.c.current: missing number',
    ],
    [
      'a negative voltage',
      { ...threePhase, phases: { ...threePhase.phases, a: p(-220, 1, 1) } },
      'phases.a.voltage: negative voltage (-220)',
    ],
    ['a negative counter', { ...threePhase, kwhForward: -5 }, 'kwhForward: negative counter (-5)'],
    [
      'a missing phase',
      { ...threePhase, phases: { a: p(220, 1, 1), b: p(220, 1, 1) } },
      'phase keys (a, b) do not match the wiring a,b,c: needs a, b, c',
    ],
    [
      'phase keys of another wiring',
      { ...threePhase, phases: { l1: p(110, 1, 1), l2: p(110, 1, 1) } },
      'phase keys (l1, l2) do not match the wiring a,b,c: needs a, b, c',
    ],
    [
      'an extra phase',
      { ...threePhase, serial: 'WB-M05-C3', phases: { value: p(1, 1, 1), a: p(1, 1, 1) } },
      'phase keys (value, a) do not match the wiring value: needs value',
    ],
    [
      'no phases at all',
      { ...threePhase, phases: {} },
      'phase keys (none) do not match the wiring a,b,c: needs a, b, c',
    ],
    [
      'a reading that is not an object',
      42,
      'reading: Invalid input: expected object, received number',
    ],
  ])('%s', (_name, raw, reason) => {
    expect(reasonOf(raw)).toBe(reason);
  });

  it('keeps the serial of a rejected reading when it has one', () => {
    const verdict = check({ ...threePhase, kwhForward: 'lots' });
    expect(verdict).toEqual({
      ok: false,
      serial: 'WB-M01-C1',
      reason: 'kwhForward: not a number ("lots")',
    });
    expect(check({ ts: 'x' })).toMatchObject({ ok: false, serial: null });
  });

  it('reports the first problem only, so each rejection has one reason', () => {
    const reason = reasonOf({ ...threePhase, serial: 'WB-X99', ts: '2030-01-01T00:00:00Z' });
    expect(reason).toBe('unknown meter serial "WB-X99"');
  });
});

describe('checkReading on a meter topic (MQTT)', () => {
  it('accepts the meter itself and its circuits', () => {
    expect(check({ ...threePhase, serial: 'WB-M01' }, 'WB-M01').ok).toBe(true);
    expect(check(threePhase, 'WB-M01').ok).toBe(true);
  });

  it('refuses a node of another meter', () => {
    const raw = {
      ...threePhase,
      serial: 'WB-M02-C1',
      phases: { ab: p(1, 1, 1), bc: p(1, 1, 1), ca: p(1, 1, 1) },
    };
    expect(reasonOf(raw, 'WB-M01')).toBe(
      '"WB-M02-C1" is not meter "WB-M01" of the topic or one of its circuits',
    );
  });
});

describe('checkReading and the raw retention period', () => {
  const withRetention = (ts: string) =>
    checkReading({ ...threePhase, ts }, { nodes, now: NOW, retentionDays: 30 });

  it('refuses a reading older than RAW_RETENTION_DAYS, whose rollups could no longer be rebuilt', () => {
    const verdict = withRetention('2026-10-22T06:04:59Z');
    expect(verdict).toMatchObject({
      ok: false,
      reason: 'timestamp 2026-10-22T06:04:59.000Z is older than the raw retention period (30 days)',
    });
  });

  it('accepts one just inside the period, and any age when no period is given', () => {
    expect(withRetention('2026-10-22T06:05:00Z').ok).toBe(true);
    expect(check({ ...threePhase, ts: '2025-01-01T00:00:00Z' }).ok).toBe(true);
  });
});
