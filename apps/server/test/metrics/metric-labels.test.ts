import { describe, expect, it } from 'vitest';
import { checkReading, type IngestNode } from '../../src/modules/ingest/check-reading.ts';
import { rejectionClass } from '../../src/modules/ingest/rejection-class.ts';
import {
  routeLabel,
  scrapeTokenMatches,
  statusClass,
  UNMATCHED_ROUTE,
} from '../../src/platform/metrics/http-labels.ts';

describe('HTTP metric labels', () => {
  it('class a status code by its hundreds', () => {
    expect([200, 204, 301, 401, 404, 429, 500, 503].map(statusClass)).toEqual([
      '2xx',
      '2xx',
      '3xx',
      '4xx',
      '4xx',
      '4xx',
      '5xx',
      '5xx',
    ]);
  });

  it('use the route pattern, and one label for requests no route matched', () => {
    expect(routeLabel('/v1/Event/:id/resolve')).toBe('/v1/Event/:id/resolve');
    expect(routeLabel(undefined)).toBe(UNMATCHED_ROUTE);
  });

  it('accept only the configured scrape token', () => {
    const token = 'metrics-token-0123456789';
    expect(scrapeTokenMatches(token, token)).toBe(true);
    expect(scrapeTokenMatches(token, `${token}x`)).toBe(false);
    expect(scrapeTokenMatches(token, '')).toBe(false);
    expect(scrapeTokenMatches(token, undefined)).toBe(false);
  });
});

describe('rejection reason classes', () => {
  it.each([
    ['unknown meter serial "WB-X99"', 'unknown_node'],
    [
      '"AREA-1" is a virtual node: it sums its children, send their readings instead',
      'unknown_node',
    ],
    ['"WB-M02-C1" is not meter "WB-M01" of the topic or one of its circuits', 'wrong_topic'],
    [
      'timestamp 2026-11-21T06:07:01.000Z is in the future (more than 2 minutes ahead of the server clock)',
      'future',
    ],
    [
      'timestamp 2026-10-22T06:04:59.000Z is older than the raw retention period (30 days)',
      'too_old',
    ],
    ['timestamp 1970-01-01T00:00:00.000Z is before 2000 (is the gateway clock set?)', 'timestamp'],
    ['ts: timestamp unparsable: expected ISO 8601 with Z or an offset', 'timestamp'],
    ['phases.b.voltage: not a finite number (NaN)', 'value'],
    ['phases.a.voltage: negative voltage (-220)', 'value'],
    ['kwhForward: negative counter (-5)', 'value'],
    ['kwhForward: not a number ("lots")', 'value'],
    ['phases.c.current: missing number', 'shape'],
    ['phase keys (a, b) do not match the wiring a,b,c: needs a, b, c', 'shape'],
    ['reading: Invalid input: expected object, received number', 'shape'],
    ['something nobody has written yet', 'other'],
  ])('%s → %s', (reason, expected) => {
    expect(rejectionClass(reason)).toBe(expected);
  });

  it('classes what checkReading actually says, not just the sentences above', () => {
    const node: IngestNode = {
      id: 1,
      serial: 'WB-M01',
      type: 'smartMeter',
      wiring: 'a,b,c',
      meterSerial: 'WB-M01',
    };
    const now = new Date('2026-11-21T06:05:00Z');
    const phase = { voltage: 220, current: 1, kw: 1 };
    const good = {
      serial: 'WB-M01',
      ts: '2026-11-21T06:00:00Z',
      phases: { a: phase, b: phase, c: phase },
    };
    const reason = (raw: unknown) => {
      const verdict = checkReading(raw, { nodes: new Map([['WB-M01', node]]), now });
      if (verdict.ok) throw new Error('expected a rejection');
      return verdict.reason;
    };
    expect(rejectionClass(reason({ ...good, serial: 'WB-NOPE' }))).toBe('unknown_node');
    expect(rejectionClass(reason({ ...good, ts: '2026-11-21T07:00:00Z' }))).toBe('future');
    expect(rejectionClass(reason({ ...good, ts: 'yesterday' }))).toBe('timestamp');
    expect(
      rejectionClass(reason({ ...good, phases: { ...good.phases, a: { ...phase, voltage: -1 } } })),
    ).toBe('value');
    expect(rejectionClass(reason({ ...good, phases: { a: phase } }))).toBe('shape');
  });
});
