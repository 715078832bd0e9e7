import { describe, expect, it } from 'vitest';
import { tariffMessage } from './tariff-messages';

describe('tariff messages', () => {
  it.each([
    ['days[2]: ranges must not overlap', 'cost.tariff.errors.overlap', undefined],
    [
      'days[0]: ranges must cover the whole day (a gap at 08:00)',
      'cost.tariff.errors.gap',
      { at: '08:00' },
    ],
    ['days[1]: each range must end after it starts', 'cost.tariff.errors.rangeOrder', undefined],
    [
      'seasons must cover the whole year (02-29 is missing)',
      'cost.tariff.errors.seasonsCover',
      { day: '02-29' },
    ],
    ['seasons[1] overlaps seasons[0]', 'cost.tariff.errors.seasonsOverlap', undefined],
    ['seasons[0].to is not a real day', 'cost.tariff.errors.notRealDay', undefined],
    ['Expected a day of the year as MM-dd', 'cost.tariff.errors.monthDay', undefined],
    [
      'Expected a time of day on a quarter hour as HH:mm (00:00 to 24:00)',
      'cost.tariff.errors.clock',
      undefined,
    ],
    ['holidays repeat 2027-01-01', 'cost.tariff.errors.repeatHoliday', undefined],
    ['Expected a number (or "Infinity" / "-Infinity")', 'cost.tariff.errors.number', undefined],
    ['Expected a date as yyyy-MM-dd', 'cost.tariff.errors.date', undefined],
    ['penaltyTierFraction must be at most 1', 'cost.tariff.errors.percent', undefined],
    [
      'contractBasicRates.summer: saturdayHalfPeak and offPeak share one rate',
      'cost.tariff.errors.sharedRate',
      undefined,
    ],
  ])('%s', (message, key, values) => {
    expect(tariffMessage(message)).toEqual(values ? { key, values } : { key });
  });

  it("falls back to the Admin forms' common messages", () => {
    expect(tariffMessage('rates.peak must be 0 or more')).toEqual({
      key: 'admin.validation.atLeast',
      values: { min: '0' },
    });
    expect(tariffMessage('name is required')).toEqual({ key: 'admin.validation.required' });
    expect(tariffMessage(undefined)).toBeNull();
  });
});
