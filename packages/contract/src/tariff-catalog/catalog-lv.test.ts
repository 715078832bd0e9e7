import { describe, expect, it } from 'vitest';
import type { Season, TariffDefinition, TouDay } from '../tariff.ts';
import { taipowerTariff } from './index.ts';

/**
 * Low-voltage figures read by hand in docs/cost-taipower-tables.md ("Low-voltage
 * power", T1 第四章 四, p.15–17), independent of the JSON.
 */
const dayOf = (t: TariffDefinition, season: Season, dayType: TouDay['dayType']) =>
  t.days.find((d) => d.season === season && d.dayType === dayType)!;
const tariff = (id: string) => taipowerTariff(id)!.tariff;

describe('low-voltage tables of 2025-10-01', () => {
  it.each([
    ['lv-3stage@2025-10-01', 'summer', 'weekday', 'peak', 8.12],
    ['lv-3stage@2025-10-01', 'summer', 'weekday', 'halfPeak', 5.02],
    ['lv-3stage@2025-10-01', 'nonSummer', 'weekday', 'offPeak', 2.12],
    ['lv-3stage@2025-10-01', 'nonSummer', 'saturday', 'halfPeak', 2.4],
    ['lv-2stage@2025-10-01', 'summer', 'weekday', 'peak', 5.54],
    ['lv-2stage@2025-10-01', 'nonSummer', 'weekday', 'peak', 5.39],
    ['lv-2stage@2025-10-01', 'summer', 'saturday', 'halfPeak', 2.76],
    ['lv-2stage-installed@2025-10-01', 'nonSummer', 'sundayHoliday', 'offPeak', 2.15],
    ['lv-flat@2025-10-01', 'summer', 'weekday', 'peak', 4.08],
    ['lv-flat@2025-10-01', 'nonSummer', 'sundayHoliday', 'peak', 3.87],
    ['lv-flat-installed@2025-10-01', 'summer', 'saturday', 'peak', 4.08],
  ] as const)('%s %s %s %s = %d', (id, season, dayType, period, rate) => {
    expect(dayOf(tariff(id), season, dayType).rates[period]).toBe(rate);
  });

  it.each([
    // id, per-account charge, basis, basic summer / non-summer per kW, other types
    ['lv-3stage@2025-10-01', 262.5, 'demand', 236.2, 173.2, true],
    ['lv-2stage@2025-10-01', 262.5, 'demand', 236.2, 173.2, true],
    ['lv-2stage-installed@2025-10-01', 105, 'installed', 137.5, 137.5, false],
    ['lv-flat@2025-10-01', 0, 'demand', 236.2, 173.2, true],
    ['lv-flat-installed@2025-10-01', 0, 'installed', 137.5, 137.5, false],
  ] as const)(
    '%s: %d per account, %s contract, %d / %d per kW',
    (id, perAccount, basis, summer, nonSummer, types) => {
      const t = tariff(id);
      expect(t.customerChargePerMonth).toBe(perAccount);
      expect(t.contractBasis).toBe(basis);
      expect(t.basicChargePerKw).toEqual({ summer, nonSummer });
      expect(t.contractBasicRates !== null).toBe(types);
      expect(t.seasons).toEqual([
        { season: 'summer', from: '06-01', to: '09-30' },
        { season: 'nonSummer', from: '10-01', to: '05-31' },
      ]);
    },
  );

  it('non-TOU: a non-summer contract at 173.20 in non-summer only, no Saturday or off-peak contract', () => {
    const t = tariff('lv-flat@2025-10-01');
    expect(t.timeOfUse).toBe(false);
    expect(t.stages).toBe('twoStage');
    expect(t.contractBasicRates).toEqual({
      summer: { halfPeak: null, nonSummer: null, saturdayHalfPeak: null, offPeak: null },
      nonSummer: { halfPeak: null, nonSummer: 173.2, saturdayHalfPeak: null, offPeak: null },
    });
  });

  it('three-stage: half-peak 173.20 and Saturday / off-peak 47.20 / 34.60', () => {
    expect(tariff('lv-3stage@2025-10-01').contractBasicRates).toEqual({
      summer: { halfPeak: 173.2, nonSummer: null, saturdayHalfPeak: 47.2, offPeak: 47.2 },
      nonSummer: { halfPeak: 173.2, nonSummer: null, saturdayHalfPeak: 34.6, offPeak: 34.6 },
    });
  });

  it('names the contract and the table in both languages', () => {
    const t = tariff('lv-2stage-installed@2025-10-01');
    expect(t.name).toBe(
      'Taipower low-voltage two-stage TOU, installed-capacity contract (table of 2025-10-01)',
    );
    expect(t.nameZh).toBe('台電低壓電力二段式時間電價，裝置契約（2025-10-01 電價表）');
    expect(t.source).toMatch(/chapter 4 §4\(2\)1, p\.16/);
    expect(t.sourceZh).toMatch(/第四章 四\(二\)1，第16頁/);
    expect(t.note).toMatch(/summer 1 Jun–30 Sep/);
    expect(tariff('lv-flat@2025-10-01').sourceZh).toMatch(/第四章 四\(一\)，第15頁/);
  });

  it('the 2024-10-16 low-voltage tables are the same figures, unconfirmed', () => {
    const entry = taipowerTariff('lv-flat@2024-10-16')!;
    expect(entry.confirmed).toBe(false);
    expect(entry.tariff.note).toMatch(/^UNCONFIRMED/);
    expect(entry.tariff.days).toEqual(tariff('lv-flat@2025-10-01').days);
  });
});
