import { describe, expect, it } from 'vitest';
import { exportsThroughLink, fileNameFrom, formatBytes, sanitizeFileName } from './download-file';

describe('export file names from Content-Disposition', () => {
  it('prefers the UTF-8 name, so a Chinese meter name survives', () => {
    const header =
      'attachment; filename="report.csv"; filename*=UTF-8\'\'%E7%85%A7%E6%98%8E_2026-11-21_zh-TW.csv';
    expect(fileNameFrom(header)).toBe('照明_2026-11-21_zh-TW.csv');
  });

  it('reads a quoted or bare plain name', () => {
    expect(fileNameFrom('attachment; filename="meter 9 readings.xlsx"')).toBe(
      'meter 9 readings.xlsx',
    );
    expect(fileNameFrom('attachment; filename=readings.csv')).toBe('readings.csv');
  });

  it('falls back to the plain name when the UTF-8 one is malformed', () => {
    expect(fileNameFrom('attachment; filename="a.csv"; filename*=UTF-8\'\'%E7%ZZ.csv')).toBe(
      'a.csv',
    );
  });

  it('answers null without a header or a name', () => {
    expect(fileNameFrom(null)).toBeNull();
    expect(fileNameFrom('attachment')).toBeNull();
  });

  it('never lets a name leave the download folder', () => {
    expect(fileNameFrom('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(sanitizeFileName('..')).toBeNull();
    expect(sanitizeFileName('a\u0000b.csv')).toBe('a_b.csv');
  });
});

describe('download sizes', () => {
  it('scales bytes to a readable unit', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 B');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024, 'zh-TW')).toBe('5.0 MB');
    expect(formatBytes(3 * 1024 ** 4, 'en-US')).toBe('3,072.0 GB');
  });
});

describe('how an export downloads', () => {
  it('keeps up to a month of readings in the page and hands longer ones to the browser', () => {
    expect(exportsThroughLink('readings', 1)).toBe(false);
    expect(exportsThroughLink('readings', 31)).toBe(false);
    expect(exportsThroughLink('readings', 32)).toBe(true);
    expect(exportsThroughLink('readings', 366)).toBe(true);
  });

  it('downloads energy exports in the page at any range', () => {
    expect(exportsThroughLink('energy', 3660)).toBe(false);
  });
});
