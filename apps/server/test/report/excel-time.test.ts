import { describe, expect, it } from 'vitest';
import { excelTimeConverter } from '../../src/platform/files/excel-time.ts';
import { energyLayout } from '../../src/modules/report/sheet-rows.ts';
import { withTimeZone } from '../../src/platform/files/sheet-layout.ts';

describe('.xlsx time cells', () => {
  it("write an instant as the factory's wall clock, whatever offset the text carries", () => {
    const taipei = excelTimeConverter('Asia/Taipei');
    const local = new Date('2026-11-20T00:00:00.000Z');
    expect(taipei('2026-11-20T00:00:00+08:00')).toEqual(local);
    expect(taipei('2026-11-19T16:00:00Z')).toEqual(local);
    expect(taipei('2026-11-20T13:45:30.250+08:00')).toEqual(new Date('2026-11-20T13:45:30.250Z'));
  });

  it('follow daylight saving: the hour before and after the change read as the clock did', () => {
    const berlin = excelTimeConverter('Europe/Berlin');
    expect(berlin('2026-03-29T00:30:00Z')).toEqual(new Date('2026-03-29T01:30:00Z'));
    expect(berlin('2026-03-29T01:30:00Z')).toEqual(new Date('2026-03-29T03:30:00Z'));
  });

  it('leave text that is no instant as text', () => {
    expect(excelTimeConverter('Asia/Taipei')('not a time')).toBe('not a time');
  });

  it('name the zone in the time headers, in both languages', () => {
    const zh = withTimeZone(energyLayout('zh-TW'), 'Asia/Taipei');
    expect(zh.headers.slice(0, 4)).toEqual([
      '迴路編號',
      '迴路',
      '區間開始 (Asia/Taipei)',
      '區間結束 (Asia/Taipei)',
    ]);
    expect(zh.timeZone).toBe('Asia/Taipei');
    expect(withTimeZone(energyLayout('en'), 'Europe/Berlin').headers[2]).toBe(
      'Interval start (Europe/Berlin)',
    );
  });
});
