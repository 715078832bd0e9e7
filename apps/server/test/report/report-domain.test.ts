import { describe, expect, it } from 'vitest';
import { REPORT_ROW_FIELDS } from '@wattboard/contract';
import { decodeCursor, encodeCursor } from '../../src/modules/report/calc/cursor.ts';
import { phaseFigures, toReportRow } from '../../src/modules/report/calc/report-row.ts';
import { ZoneClock } from '@wattboard/zone-time';

const taipei = new ZoneClock('Asia/Taipei');
const at = (text: string) => Date.parse(text);

describe('report row', () => {
  it('derives apparent and reactive power, and leaves them null without voltage or current', () => {
    expect(phaseFigures({ voltage: 200, current: 10, kw: 1.6, pf: 0.8 })).toEqual({
      voltage: 200,
      current: 10,
      kw: 1.6,
      kva: 2,
      kvar: expect.closeTo(1.2, 12),
      pf: 0.8,
    });
    // A kW reading above V × I (rounding at the meter) never gives a negative square root.
    expect(phaseFigures({ voltage: 100, current: 10, kw: 1.001 }).kvar).toBe(0);
    expect(phaseFigures({ kw: 2 })).toMatchObject({ kva: null, kvar: null, pf: null });
    expect(phaseFigures(undefined)).toMatchObject({ voltage: null, kw: null });
  });

  it('keeps a missing phase null, sums the rest and has no power factor without power', () => {
    const row = toReportRow(
      {
        nodeId: 7,
        ts: new Date('2026-11-20T16:00:00Z'),
        phases: {
          a: { voltage: 220, current: 0, kw: 0, pf: null },
          c: { voltage: 221, current: 0, kw: 0 },
        },
        kw: null,
        kwhForward: 5,
        kwhReverse: 2,
        kvarhLagging: null,
        frequency: null,
        temperature: null,
        receivedAt: new Date('2026-11-20T16:00:01.500Z'),
      },
      { id: 7, wiring: 'a,b,c', serial: null },
      3,
      taipei,
    );
    expect(row).toMatchObject({
      serialNumber: '',
      dtReading: '2026-11-21T00:00:00+08:00',
      dtReceived: '2026-11-21T00:00:01+08:00',
      voltage_B: null,
      voltage_C: 221,
      realPowerKW_Total: 0,
      apparentPowerKVA_Total: 0,
      powerFactor_A: null,
      powerFactor_Total: null,
      kwhTotal: 3,
      kvarhLagging: null,
      frequencyHz: null,
    });
    expect(Object.keys(row)).toEqual(REPORT_ROW_FIELDS);
  });

  it('ignores phases of another wiring', () => {
    const row = toReportRow(
      {
        nodeId: 1,
        ts: new Date(0),
        phases: { a: { voltage: 1, current: 1, kw: 0.001 } },
        kw: 5,
        kwhForward: null,
        kwhReverse: null,
        kvarhLagging: 1234.5678,
        frequency: 60,
        temperature: 20,
        receivedAt: new Date(0),
      },
      { id: 1, wiring: 'value', serial: 'S' },
      1,
      taipei,
    );
    expect(row).toMatchObject({
      voltage_A: null,
      realPowerKW_Total: 5,
      kwhTotal: null,
      kvarhLagging: 1234.5678,
    });
  });
});

describe('cursor', () => {
  it('round-trips and refuses anything else', () => {
    const key = { ts: at('2026-11-20T16:00:00.123Z'), nodeId: 42 };
    expect(encodeCursor(key)).toBe('2026-11-20T16:00:00.123Z~42');
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
    for (const bad of [
      '',
      '~1',
      'x~1',
      '2026-11-20T16:00:00.123Z~',
      '2026-11-20T16:00:00.123Z~1~2',
    ]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });
});
