import { describe, expect, it } from 'vitest';
import { isCalendarDate, readPageParams } from './page-params';

const today = '2026-11-21';
const read = (query: string) => readPageParams(new URLSearchParams(query), today);

describe('readPageParams', () => {
  it('applies the defaults when nothing is given', () => {
    expect(read('')).toEqual({ deviceId: 0, startDate: today, endDate: today, resolution: 5 });
  });

  it('keeps valid values', () => {
    expect(read('deviceId=12&startDate=2026-11-01&endDate=2026-11-20&resolution=15')).toEqual({
      deviceId: 12,
      startDate: '2026-11-01',
      endDate: '2026-11-20',
      resolution: 15,
    });
  });

  it('replaces unusable values with their defaults', () => {
    expect(read('deviceId=abc&startDate=2026-02-30&endDate=21/11/2026&resolution=-3')).toEqual({
      deviceId: 0,
      startDate: today,
      endDate: today,
      resolution: 5,
    });
    expect(read('deviceId=1.5&resolution=0').deviceId).toBe(0);
  });

  it('puts a reversed range the right way round', () => {
    const params = read('startDate=2026-11-20&endDate=2026-11-01');
    expect([params.startDate, params.endDate]).toEqual(['2026-11-01', '2026-11-20']);
  });
});

describe('isCalendarDate', () => {
  it('knows leap years', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
  });
});
