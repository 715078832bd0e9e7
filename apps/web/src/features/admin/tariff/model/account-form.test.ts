import { DEFAULT_TARIFF, taipowerTariff } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { catalogIndustry, flatDays, formToAccount } from './account-form';
import { catalogToForm, formToTariff, tariffToForm, validateTariffForm } from './tariff-form';

const form = (id = 'lv-2stage-installed@2025-10-01') =>
  tariffToForm(taipowerTariff(id)!.tariff, '2026-01-01');

describe('the low-voltage fields of the tariff form', () => {
  it.each([
    'lv-3stage@2025-10-01',
    'lv-2stage-installed@2025-10-01',
    'lv-flat@2025-10-01',
    'lv-flat-installed@2024-10-16',
  ])('round-trips %s unchanged and valid', (id) => {
    const values = form(id);
    expect(formToTariff(values)).toEqual(taipowerTariff(id)!.tariff);
    expect(validateTariffForm(values)).toEqual({});
  });

  it.each([
    // code, coefficient → sent industry
    ['', '', null],
    ['  ', ' ', null],
    ['081', '0.892', { code: '081', coefficient: 0.892 }],
    ['081', '', { code: '081', coefficient: '' }],
    ['', '1.017', { code: '', coefficient: 1.017 }],
  ] as const)('industry %j × %j → %j', (industryCode, industryCoefficient, industry) => {
    const values = { ...form(), industryCode, industryCoefficient };
    expect(formToAccount(values).industry).toEqual(industry);
  });

  it('names a half-typed industry, a bad charge and an installed contract with other types', () => {
    const values = {
      ...tariffToForm(DEFAULT_TARIFF, '2026-01-01'),
      industryCode: '081',
      industryCoefficient: '3',
      customerChargePerMonth: '-5',
      contractBasis: 'installed' as const,
    };
    const errors = validateTariffForm(values);
    expect(errors['industry.coefficient']).toBe('industry.coefficient must be at most 2');
    expect(errors['customerChargePerMonth']).toBe('customerChargePerMonth must be 0 or more');
    const fixed = { ...values, industryCoefficient: '0.892', customerChargePerMonth: '' };
    expect(validateTariffForm(fixed)['contractBasicRates']).toMatch(/installed-capacity contract/);
    expect(formToAccount(fixed).customerChargePerMonth).toBe(0);
  });

  it('turning time of use off makes every day one all-day range at its season’s first peak rate', () => {
    const values = tariffToForm(DEFAULT_TARIFF, '2026-01-01');
    const days = flatDays(values.days);
    expect(days.every((d) => d.ranges.length === 1 && d.ranges[0]!.period === 'peak')).toBe(true);
    expect(days.filter((d) => d.season === 'summer').map((d) => d.rates.peak)).toEqual([
      '9.39',
      '9.39',
      '9.39',
    ]);
    // The non-summer weekday's "peak" repeats its half-peak, 5.47.
    expect(days.find((d) => d.season === 'nonSummer')!.rates).toEqual({
      peak: '5.47',
      halfPeak: '5.47',
      offPeak: '5.47',
    });
    const flat = { ...values, timeOfUse: false, stages: 'twoStage' as const, days };
    expect(validateTariffForm(flat)).toEqual({});
    expect(validateTariffForm({ ...flat, stages: 'threeStage' })['stages']).toMatch(/twoStage/);
  });
});

describe('the industry when starting from a Taipower table', () => {
  it.each([
    // table, typed code and coefficient → the coefficient kept or read in the table's column
    ['lv-3stage@2025-10-01', '081', '', '0.892'],
    ['hv-3stage@2025-10-01', '081', '0.892', '0.776'],
    ['lv-flat-installed@2025-10-01', '050', '1', '0.896'],
    ['hv-2stage@2025-10-01', '999', '1.05', '1.05'],
    ['hv-3stage@2024-10-16', '081', '0.9', '0.9'],
    ['lv-3stage@2025-10-01', '', '', ''],
  ] as const)('%s, code %j typed %j → %j', (id, industryCode, industryCoefficient, expected) => {
    const entry = taipowerTariff(id)!;
    expect(catalogIndustry(entry, { industryCode, industryCoefficient })).toEqual({
      industryCode,
      industryCoefficient: expected,
    });
  });

  it('keeps the industry through catalogToForm, and sends it', () => {
    const current = { ...tariffToForm(DEFAULT_TARIFF, '2026-01-01'), industryCode: '274' };
    const values = catalogToForm(taipowerTariff('lv-2stage@2025-10-01')!, current);
    expect(formToTariff(values).industry).toEqual({ code: '274', coefficient: 0.838 });
  });
});
