import { describe, expect, it } from 'vitest';
import { wireReadingExample } from './fixtures/call-examples-ingest.ts';
import { issueMessages } from './fixtures/issue-paths.ts';
import {
  MAX_READINGS_PER_BATCH,
  WIRING_PHASE_KEYS,
  ingestRequest,
  parseWireNumber,
  wireReading,
} from './ingest.ts';

const phase = { voltage: 220, current: 10, kw: 2.2 };
const withPhaseA = (a: Record<string, unknown>) => ({
  ...wireReadingExample,
  phases: { ...wireReadingExample.phases, a },
});

describe('parseWireNumber', () => {
  it('accepts finite numbers and numeric strings', () => {
    expect(parseWireNumber(12.5)).toBe(12.5);
    expect(parseWireNumber(-3)).toBe(-3);
    expect(parseWireNumber(' 220.4 ')).toBe(220.4);
    expect(parseWireNumber('1e3')).toBe(1000);
    expect(parseWireNumber('.5')).toBe(0.5);
  });

  it('refuses what would otherwise silently become 0 or infinity', () => {
    for (const bad of [NaN, Infinity, -Infinity, 'Infinity', '', '12abc', '0x10', null, true, {}]) {
      expect(parseWireNumber(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('wireReading', () => {
  it('parses a gateway reading: numbers as numbers, ts as an instant, unmeasured as null', () => {
    const { kwhReverse: _unused, temperature: _none, ...partial } = wireReadingExample;
    const parsed = wireReading.parse(partial);
    expect(parsed.ts.toISOString()).toBe('2026-11-21T06:03:00.000Z');
    expect(parsed.phases.a).toEqual({ voltage: 220.1, current: 12.3, kw: 2.6, pf: 0.95 });
    expect(parsed).toMatchObject({ kw: null, kwhForward: 12345.6, kwhReverse: null });
    expect(parsed.temperature).toBeNull();
  });

  it('reads the lagging kvarh counter like the kWh counters, absent as null (never 0)', () => {
    expect(wireReading.parse(wireReadingExample).kvarhLagging).toBe(4567.8);
    expect(wireReading.parse({ ...wireReadingExample, kvarhLagging: '12.5' }).kvarhLagging).toBe(
      12.5,
    );
    const { kvarhLagging: _none, ...withoutKvarh } = wireReadingExample;
    expect(wireReading.parse(withoutKvarh).kvarhLagging).toBeNull();
    expect(
      wireReading.parse({ ...wireReadingExample, kvarhLagging: null }).kvarhLagging,
    ).toBeNull();
  });

  it('refuses a negative, absurd or unreadable kvarh counter, naming the field', () => {
    expect(issueMessages(wireReading, { ...wireReadingExample, kvarhLagging: -0.1 })).toEqual({
      kvarhLagging: 'negative counter (-0.1)',
    });
    expect(issueMessages(wireReading, { ...wireReadingExample, kvarhLagging: 2e12 })).toEqual({
      kvarhLagging: 'counter out of range 0..1000000000000 kvarh (2000000000000)',
    });
    expect(issueMessages(wireReading, { ...wireReadingExample, kvarhLagging: 'n/a' })).toEqual({
      kvarhLagging: 'not a number ("n/a")',
    });
  });

  it('reads a timestamp with an offset as the same UTC instant', () => {
    const parsed = wireReading.parse({ ...wireReadingExample, ts: '2026-11-21T14:03:00+08:00' });
    expect(parsed.ts.toISOString()).toBe('2026-11-21T06:03:00.000Z');
  });

  it('names the field and the problem, never turning a bad value into 0', () => {
    const cases: [unknown, Record<string, string>][] = [
      [withPhaseA({ ...phase, voltage: NaN }), { 'phases.a.voltage': 'not a finite number (NaN)' }],
      [withPhaseA({ ...phase, voltage: 'n/a' }), { 'phases.a.voltage': 'not a number ("n/a")' }],
      [withPhaseA({ current: 1, kw: 1 }), { 'phases.a.voltage': 'missing number' }],
      [withPhaseA({ ...phase, voltage: -230 }), { 'phases.a.voltage': 'negative voltage (-230)' }],
      [withPhaseA({ ...phase, current: -1 }), { 'phases.a.current': 'negative current (-1)' }],
      [
        withPhaseA({ ...phase, pf: 1.2 }),
        { 'phases.a.pf': 'power factor out of range -1..1 (1.2)' },
      ],
      [{ ...wireReadingExample, kwhForward: -0.1 }, { kwhForward: 'negative counter (-0.1)' }],
      [
        { ...wireReadingExample, kwhReverse: 'Infinity' },
        { kwhReverse: 'not a finite number (Infinity)' },
      ],
      [{ ...wireReadingExample, frequency: 0 }, { frequency: 'frequency must be above 0 (0)' }],
      [{ ...wireReadingExample, serial: '  ' }, { serial: 'missing' }],
      [{ ...wireReadingExample, phases: undefined }, { phases: 'missing' }],
    ];
    for (const [value, expected] of cases) {
      expect(issueMessages(wireReading, value)).toEqual(expected);
    }
  });

  it('allows exported power (negative kW) and unmeasured optional values', () => {
    const parsed = wireReading.parse({
      ...withPhaseA({ ...phase, kw: -4.2, pf: null }),
      kw: '-4.2',
      frequency: null,
    });
    expect(parsed.phases.a).toEqual({ ...phase, kw: -4.2, pf: null });
    expect(parsed.kw).toBe(-4.2);
    expect(parsed.frequency).toBeNull();
  });

  it('refuses timestamps without a zone or that are not dates', () => {
    for (const ts of ['2026-11-21T06:03:00', '2026-11-21', 'yesterday', '2026-13-01T00:00:00Z']) {
      expect(issueMessages(wireReading, { ...wireReadingExample, ts }).ts, ts).toMatch(
        /^timestamp unparsable/,
      );
    }
    expect(issueMessages(wireReading, { ...wireReadingExample, ts: 1_700_000_000 }).ts).toBe(
      'timestamp unparsable: expected an ISO 8601 string',
    );
  });
});

describe('ingest batch envelope', () => {
  it('checks only the outer shape, so one bad reading cannot sink the batch', () => {
    const batch = { readings: [wireReadingExample, { serial: 'x', phases: 'nonsense' }] };
    expect(ingestRequest.safeParse(batch).success).toBe(true);
  });

  it('refuses an empty batch, a non-array and a batch that is too large', () => {
    expect(issueMessages(ingestRequest, { readings: [] })).toEqual({
      readings: 'send at least one reading',
    });
    expect(Object.keys(issueMessages(ingestRequest, { readings: 'x' }))).toEqual(['readings']);
    const tooMany = Array.from({ length: MAX_READINGS_PER_BATCH + 1 }, () => ({}));
    expect(issueMessages(ingestRequest, { readings: tooMany })).toEqual({
      readings: `send at most ${MAX_READINGS_PER_BATCH} readings per batch`,
    });
    expect(Object.keys(issueMessages(ingestRequest, { readings: [42] }))).toEqual(['readings.0']);
  });
});

describe('wiring', () => {
  it('maps each wiring to the phase keys its readings carry', () => {
    expect(WIRING_PHASE_KEYS['a,b,c']).toEqual(['a', 'b', 'c']);
    expect(WIRING_PHASE_KEYS['ab,bc,ca']).toEqual(['ab', 'bc', 'ca']);
    expect(WIRING_PHASE_KEYS['l1,l2']).toEqual(['l1', 'l2']);
    expect(WIRING_PHASE_KEYS.value).toEqual(['value']);
  });
});
