import { describe, expect, it } from 'vitest';
import type { HistoryMapping } from '@wattboard/contract';
import { ZoneClock } from '@wattboard/zone-time';
import { mapRows, mappingProblem } from '../../src/modules/history-import/calc/map-rows.ts';
import { guessMapping, parseChunk } from '../../src/modules/history-import/calc/parse-chunk.ts';
import { parseCsvTime } from '../../src/modules/history-import/calc/parse-time.ts';
import {
  columnOfReason,
  kindOfReason,
  toWire,
  type WireOptions,
} from '../../src/modules/history-import/calc/to-wire.ts';

const taipei = new ZoneClock('Asia/Taipei');
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('parseCsvTime', () => {
  it('reads ISO 8601 with Z or an offset as written', () => {
    expect(iso(parseCsvTime('2026-11-01T00:15:00Z', taipei))).toBe('2026-11-01T00:15:00.000Z');
    expect(iso(parseCsvTime('2026-11-01T08:15:00+08:00', taipei))).toBe('2026-11-01T00:15:00.000Z');
    expect(iso(parseCsvTime('2026-11-01T08:15:00+0800', taipei))).toBe('2026-11-01T00:15:00.000Z');
  });

  it('reads local times on the factory clock, with dashes or slashes, seconds optional', () => {
    expect(iso(parseCsvTime('2026-11-01 08:15', taipei))).toBe('2026-11-01T00:15:00.000Z');
    expect(iso(parseCsvTime('2026/11/1 8:15:30', taipei))).toBe('2026-11-01T00:15:30.000Z');
    expect(iso(parseCsvTime('2026-11-01T08:15', new ZoneClock('Europe/Berlin')))).toBe(
      '2026-11-01T07:15:00.000Z',
    );
  });

  it('takes 24:00 as the next midnight (utility exports end a day so)', () => {
    expect(iso(parseCsvTime('2026-11-01 24:00', taipei))).toBe('2026-11-01T16:00:00.000Z');
  });

  it('refuses impossible dates and text that is not a time', () => {
    for (const text of [
      '2026-02-31 00:00',
      '2026-13-01 00:00',
      '2026-11-01 25:00',
      '2026-11-01 10:60',
      '',
      'yesterday',
      '2026-11-01',
      '2026-11-01T00:00:00+25:99x',
    ]) {
      expect(parseCsvTime(text, taipei), text).toBeNull();
    }
  });
});

describe('parseChunk and guessMapping', () => {
  it('drops a byte-order mark, trims cells, skips empty lines and keeps ragged rows', () => {
    const parsed = parseChunk(
      '\uFEFFtime, serial ,kwh\r\n\r\n2026-11-01 00:15,M1,1\r\n2026-11-01 00:30,M1\r\n',
    );
    expect(parsed).toEqual({
      columns: ['time', 'serial', 'kwh'],
      records: [
        ['2026-11-01 00:15', 'M1', '1'],
        ['2026-11-01 00:30', 'M1'],
      ],
    });
  });

  it('says why a chunk does not parse', () => {
    expect(parseChunk('time,kwh\n"2026-11-01,1\n')).toMatchObject({
      problem: expect.stringMatching(/^the CSV does not parse/),
    });
    expect(parseChunk(',,\n1,2,3\n')).toEqual({ problem: 'the CSV has no header row' });
  });

  it('guesses English and Chinese headers, and gives up without a time or kWh column', () => {
    expect(guessMapping(['Timestamp', 'Meter ID', 'kWh', 'kW', 'PF'])).toEqual({
      time: 'Timestamp',
      serial: 'Meter ID',
      kwh: 'kWh',
      kw: 'kW',
      pf: 'PF',
    });
    expect(guessMapping(['時間', '電表', '用電度數'])).toMatchObject({
      time: '時間',
      serial: '電表',
    });
    expect(guessMapping(['Interval end', 'kWh'])).toEqual({ time: 'Interval end', kwh: 'kWh' });
    expect(guessMapping(['when', 'what'])).toBeNull();
  });
});

describe('mapRows', () => {
  const mapping: HistoryMapping = { time: 'time', serial: 'serial', kwh: 'kwh', kw: 'kw' };
  const columns = ['time', 'serial', 'kwh', 'kw'];

  it('numbers rows from the chunk’s first row and refuses each bad row with its kind and cell', () => {
    const { rows, refused } = mapRows(
      columns,
      [
        ['2026-11-01 00:15', 'M1', '10', ''],
        ['soon', 'M1', '11', ''],
        ['', 'M1', '11', ''],
        ['2026-11-01 00:45', '', '12', ''],
        ['2026-11-01 01:00', 'M1', 'abc', ''],
        ['2026-11-01 01:15', 'M1', '13', 'x'],
        ['2026-11-01 01:30', 'M1', '14'],
      ],
      { mapping, clock: taipei, firstRow: 101 },
    );
    expect(rows.map((row) => [row.row, row.kwh, row.kw])).toEqual([
      [101, 10, null],
      [107, 14, null],
    ]);
    expect(refused.map(({ row, column, kind, value }) => [row, column, kind, value])).toEqual([
      [102, 'time', 'badTime', 'soon'],
      [103, 'time', 'missingTime', null],
      [104, 'serial', 'missingSerial', null],
      [105, 'kwh', 'badNumber', 'abc'],
      [106, 'kw', 'badNumber', 'x'],
    ]);
    expect(refused[3]!.reason).toBe('kWh is not a number: "abc"');
  });

  it('gives every row the named meter when the file has no serial column', () => {
    const { rows } = mapRows(['t', 'e'], [['2026-11-01 00:15', '1.5']], {
      mapping: { time: 't', kwh: 'e' },
      meterSerial: 'WB-M01',
      clock: taipei,
      firstRow: 1,
    });
    expect(rows[0]).toMatchObject({ serial: 'WB-M01', kwh: 1.5 });
  });

  it('mappingProblem names a column the file lacks, and a missing meter', () => {
    expect(mappingProblem(mapping, ['time', 'serial', 'kwh'], undefined)).toBe(
      'mapping.kw: the file has no column "kw" (it has time, serial, kwh)',
    );
    expect(mappingProblem({ time: 'time', kwh: 'kwh' }, columns, undefined)).toMatch(
      /^mapping\.serial:/,
    );
    expect(mappingProblem({ time: 'time', kwh: 'kwh' }, columns, 'M1')).toBeNull();
  });
});

describe('toWire', () => {
  const T0 = Date.parse('2026-11-01T00:00:00Z');
  const Q = 15 * 60_000;
  const row = (
    n: number,
    minutes: number,
    kwh: number,
    serial = 'M1',
    kw: number | null = null,
  ) => ({
    row: n,
    serial,
    ts: T0 + minutes * 60_000,
    kwh,
    kw,
    voltage: null,
    current: null,
    pf: null,
    kvarh: null,
  });
  const options = (overrides: Partial<WireOptions> = {}): WireOptions => ({
    format: 'readings',
    intervalMinutes: 15,
    intervalTime: 'end',
    wiringOf: () => 'a,b,c',
    baseOf: () => null,
    ...overrides,
  });

  it('readings keep the counter; kW is given or derived from the previous row', () => {
    const { readings, refused } = toWire(
      [row(1, 15, 100), row(2, 30, 102, 'M1', 7), row(3, 45, 103)],
      options(),
    );
    expect(refused).toEqual([]);
    expect(readings.map((r) => [r.row, r.wire.kwhForward, r.wire.kw])).toEqual([
      [1, 100, 0],
      [2, 102, 7],
      [3, 103, 4],
    ]);
    // The kW is split over the phases, so their sum is the row's.
    expect(readings[1]!.wire.phases).toMatchObject({
      a: { kw: 7 / 3 },
      b: { kw: 7 / 3 },
      c: { kw: 7 / 3 },
    });
  });

  it('interval energy becomes a running counter from 0 with an anchor at the first interval’s start', () => {
    const { readings } = toWire(
      [row(1, 15, 2.5), row(2, 30, 1.5)],
      options({ format: 'interval' }),
    );
    expect(readings.map((r) => [r.row, r.wire.ts, r.wire.kwhForward, r.wire.kw])).toEqual([
      [0, new Date(T0).toISOString(), 0, 0],
      [1, new Date(T0 + Q).toISOString(), 2.5, 10],
      [2, new Date(T0 + 2 * Q).toISOString(), 4, 6],
    ]);
  });

  it('interval energy continues from the stored counter before it, without an anchor', () => {
    const { readings } = toWire([row(1, 15, 2)], options({ format: 'interval', baseOf: () => 50 }));
    expect(readings.map((r) => [r.row, r.wire.kwhForward, r.wire.kw])).toEqual([[1, 52, 8]]);
  });

  it('a start-stamped interval belongs to its end', () => {
    const { readings } = toWire(
      [row(1, 0, 1)],
      options({ format: 'interval', intervalTime: 'start' }),
    );
    expect(readings.map((r) => r.wire.ts)).toEqual([
      new Date(T0).toISOString(),
      new Date(T0 + Q).toISOString(),
    ]);
  });

  it('refuses interval rows before a meter’s later readings, without an anchor', () => {
    const { readings, refused } = toWire([row(1, 15, 1), row(2, 30, 1, 'M2')], {
      ...options({ format: 'interval' }),
      laterReadingAfter: (serial) => serial === 'M1',
    });
    expect(readings.map((r) => [r.row, r.wire.serial])).toEqual([
      [0, 'M2'],
      [2, 'M2'],
    ]);
    expect(refused).toMatchObject([{ row: 1, kind: 'laterReadings', value: 'M1' }]);
  });

  it('refuses rows out of time order per meter, and negative interval energy', () => {
    const { readings, refused } = toWire(
      [row(1, 30, 1), row(2, 15, 1), row(3, 15, 1, 'M2'), row(4, 45, -1)],
      options({ format: 'interval' }),
    );
    expect(readings.filter((r) => r.row > 0).map((r) => r.row)).toEqual([1, 3]);
    expect(refused.map(({ row: n, kind, value }) => [n, kind, value])).toEqual([
      [2, 'notSorted', 'M1'],
      [4, 'negativeEnergy', '-1'],
    ]);
  });
});

describe('pipeline refusals', () => {
  const mapping = { time: 'Time', serial: 'Meter', kwh: 'kWh', voltage: 'V' };

  it('kind and column come from ingest’s sentence', () => {
    const cases: [string, string, string | null][] = [
      ['unknown meter serial "X"', 'unknownMeter', 'Meter'],
      ['timestamp 2030-01-01T00:00:00.000Z is in the future', 'future', 'Time'],
      [
        'timestamp 2020-01-01T00:00:00.000Z is older than the raw retention period (400 days)',
        'tooOld',
        'Time',
      ],
      ['phases.a.voltage: must not be negative', 'outOfRange', 'V'],
      ['something new', 'other', null],
    ];
    for (const [reason, kind, column] of cases) {
      expect([kindOfReason(reason), columnOfReason(reason, mapping)], reason).toEqual([
        kind,
        column,
      ]);
    }
  });
});
