import { describe, expect, it } from 'vitest';
import { csvCell, csvLines } from '../../src/platform/files/csv-writer.ts';
import {
  signDownload,
  verifyDownload,
  type DownloadClaims,
} from '../../src/modules/report/calc/download-token.ts';
import { intervalStarts, rollupReadPlan } from '../../src/modules/report/calc/energy-intervals.ts';
import { exportFileName } from '../../src/modules/report/calc/file-name.ts';
import { contentDisposition } from '../../src/platform/http/content-disposition.ts';
import { ENERGY_HEADERS, READING_HEADERS } from '../../src/modules/report/calc/headers.ts';
import { ZoneClock } from '@wattboard/zone-time';

const taipei = new ZoneClock('Asia/Taipei');
const at = (text: string) => Date.parse(text);
const iso = (t: number) => taipei.formatIso(t);

describe('energy intervals', () => {
  const range = { from: at('2026-10-30T10:00:00+08:00'), to: at('2026-11-02T06:30:00+08:00') };

  it('clips the first interval to the range and starts months on the 1st', () => {
    expect(intervalStarts('month', range, taipei).map(iso)).toEqual([
      '2026-10-30T10:00:00+08:00',
      '2026-11-01T00:00:00+08:00',
    ]);
    expect(intervalStarts('day', range, taipei)).toHaveLength(4);
    expect(intervalStarts('hour', range, taipei)).toHaveLength(14 + 48 + 7);
    expect(intervalStarts('quarterHour', range, taipei)).toHaveLength((14 + 48 + 6.5) * 4);
  });

  it('reads whole days from daily rollups, whole hours from hourly, edges from 15-minute ones', () => {
    const plan = rollupReadPlan('day', { ...range, from: at('2026-10-30T10:15:00+08:00') }, taipei);
    expect(plan.map((read) => [read.table, iso(read.from), iso(read.to)])).toEqual([
      ['rollups_1d', '2026-10-31T00:00:00+08:00', '2026-11-02T00:00:00+08:00'],
      ['rollups_1h', '2026-10-30T11:00:00+08:00', '2026-10-31T00:00:00+08:00'],
      ['rollups_15m', '2026-10-30T10:15:00+08:00', '2026-10-30T11:00:00+08:00'],
      ['rollups_1h', '2026-11-02T00:00:00+08:00', '2026-11-02T06:00:00+08:00'],
      ['rollups_15m', '2026-11-02T06:00:00+08:00', '2026-11-02T06:30:00+08:00'],
    ]);
    expect(rollupReadPlan('quarterHour', range, taipei)).toEqual([
      { table: 'rollups_15m', ...range },
    ]);
  });

  it('keeps a daylight-saving day whole (25 hours in New York on 2026-11-01)', () => {
    const ny = new ZoneClock('America/New_York');
    const day = { from: ny.startOfDay('2026-11-01'), to: ny.startOfDay('2026-11-02') };
    expect(intervalStarts('hour', day, ny)).toHaveLength(25);
    expect(rollupReadPlan('day', day, ny)).toEqual([{ table: 'rollups_1d', ...day }]);
  });
});

describe('export files', () => {
  it('names the meter, the inclusive range, the kind and the language', () => {
    const parts = {
      meterName: 'CNC B 線電表 / Line "B"',
      range: { from: at('2026-11-01T00:00:00+08:00'), to: at('2026-12-01T00:00:00+08:00') },
      lang: 'zh-TW' as const,
      format: 'xlsx' as const,
      kind: 'energy' as const,
      interval: 'day' as const,
    };
    const name = exportFileName(parts, taipei);
    expect(name).toBe('CNC B 線電表 _ Line _B__2026-11-01_2026-11-30_energy-day_zh-TW.xlsx');
    const partial = {
      ...parts,
      kind: 'readings' as const,
      range: { ...parts.range, to: at('2026-11-01T17:30:00+08:00') },
    };
    expect(exportFileName(partial, taipei)).toMatch(/_2026-11-01_2026-11-01T1730_zh-TW\.xlsx$/);
    const header = contentDisposition(name);
    expect(header).toMatch(
      /^attachment; filename="CNC B ___ _ Line _B__2026-11-01_2026-11-30_energy-day_zh-TW\.xlsx"; filename\*=UTF-8''/,
    );
    expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe(name);
    expect(header).not.toMatch(/[^\x20-\x7e]/);
  });

  it('writes CSV cells by RFC 4180 with numbers as a dot and null as empty', () => {
    expect([12.5, 0, null, 'plain', 'a,b', 'say "hi"', ' edge', '中文'].map(csvCell)).toEqual([
      '12.5',
      '0',
      '',
      'plain',
      '"a,b"',
      '"say ""hi"""',
      '" edge"',
      '中文',
    ]);
    expect(csvCell(Number.NaN)).toBe('');
    // CSV injection: text that a spreadsheet would run as a formula is shown as text.
    expect(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\tx'].map(csvCell)).toEqual([
      `"'=HYPERLINK(""x"")"`,
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
    ]);
    expect(csvCell(-2)).toBe('-2');
    expect(
      csvLines([
        [1, 'x'],
        [null, 2.25],
      ]),
    ).toBe('1,x\r\n,2.25\r\n');
  });

  it('has both languages for every header', () => {
    for (const texts of [...Object.values(READING_HEADERS), ...Object.values(ENERGY_HEADERS)]) {
      expect(texts.en.length).toBeGreaterThan(0);
      expect(texts['zh-TW']).toMatch(/[\u4e00-\u9fff]|CO2/);
    }
  });
});

describe('download link', () => {
  const claims: DownloadClaims = {
    sessionHash: 'a'.repeat(64),
    userId: 1,
    factoryId: 2,
    smartmeterId: 3,
    from: 0,
    to: 60_000,
    channelIds: [4],
    format: 'csv',
    lang: 'zh-TW',
    kind: 'readings',
    interval: 'hour',
    expiresAt: 1000,
  };

  it('verifies its own signature until it expires', () => {
    const token = signDownload(claims, 'secret-of-at-least-thirty-two-chars!');
    expect(token).toMatch(/^d1\.[\w-]+\.[\w-]+$/);
    expect(verifyDownload(token, 'secret-of-at-least-thirty-two-chars!', 999)).toEqual(claims);
    expect(verifyDownload(token, 'secret-of-at-least-thirty-two-chars!', 1000)).toBeNull();
    expect(verifyDownload(token, 'another-secret-of-thirty-two-chars!!', 0)).toBeNull();
  });

  it('refuses changed claims and malformed tokens', () => {
    const token = signDownload(claims, 's'.repeat(32));
    const [version, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, factoryId: 9 })).toString('base64url');
    expect(verifyDownload(`${version}.${forged}.${signature}`, 's'.repeat(32), 0)).toBeNull();
    for (const bad of ['', 'd1', 'd1..', 'd2.x.y', `${token}.x`]) {
      expect(verifyDownload(bad, 's'.repeat(32), 0), bad).toBeNull();
    }
  });
});
