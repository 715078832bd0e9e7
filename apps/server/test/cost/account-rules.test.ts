import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TARIFF,
  NO_OTHER_CONTRACTS,
  TAIPOWER_TARIFFS,
  taipowerTariff,
  type OtherContracts,
  type TaipowerKind,
  type TariffDefinition,
} from '@wattboard/contract';
import { datesBetween } from '@wattboard/zone-time';
import {
  contractSumKw,
  isLowVoltageTariff,
  isNoUseMonth,
  minimumContractKw,
  periodRules,
  powerFactorApplies,
  type PeriodUsage,
} from '../../src/modules/cost/calc/account-rules.ts';
import { TariffSchedule } from '../../src/modules/cost/calc/tariff-schedule.ts';

/** T1 第四章 五(五), 六 (p.20–21), 第五章 五(二) (p.31), 第八章 二(二) (p.50). */
const table = (kind: TaipowerKind) => taipowerTariff(`${kind}@2025-10-01`)!.tariff;
const contract = (regularKw: number | null, others: Partial<OtherContracts> = {}) => ({
  regularKw,
  others: { ...NO_OTHER_CONTRACTS, ...others },
});

describe('isLowVoltageTariff and minimumContractKw', () => {
  it('reads every catalog entry’s voltage from its fields', () => {
    for (const entry of TAIPOWER_TARIFFS) {
      expect(isLowVoltageTariff(entry.tariff), entry.id).toBe(entry.kind.startsWith('lv-'));
    }
  });

  it.each([
    ['the shipped default (high-voltage three-stage)', DEFAULT_TARIFF, false, 100],
    ['a per-account charge', { ...DEFAULT_TARIFF, customerChargePerMonth: 262.5 }, true, 1],
    ['flat energy', { ...DEFAULT_TARIFF, timeOfUse: false }, true, 1],
    ['an installed contract', { ...DEFAULT_TARIFF, contractBasis: 'installed' }, true, 1],
    [
      'an industry alone',
      { ...DEFAULT_TARIFF, industry: { code: '081', coefficient: 0.9 } },
      false,
      100,
    ],
  ] as [string, TariffDefinition, boolean, number][])('%s', (_, definition, low, minimum) => {
    expect(isLowVoltageTariff(definition)).toBe(low);
    expect(minimumContractKw(definition)).toBe(minimum);
  });
});

describe('powerFactorApplies', () => {
  it.each([
    // kind, regular kW, other types, applies
    ['hv-3stage', 100, {}, true],
    ['hv-2stage', 0, {}, true],
    ['ehv-3stage', 5000, {}, true],
    // Low voltage, demand: 30 kW of all types together or more.
    ['lv-3stage', 30, {}, true],
    ['lv-3stage', 29.9, {}, false],
    ['lv-3stage', 20, { halfPeak: 5, offPeak: 5 }, true],
    ['lv-3stage', 20, { offPeak: 9 }, false],
    ['lv-2stage', 25, { nonSummer: 5 }, true],
    ['lv-flat', 29, {}, false],
    ['lv-flat', 31, {}, true],
    // Low voltage, installed: 20 kW or more.
    ['lv-2stage-installed', 20, {}, true],
    ['lv-2stage-installed', 19, {}, false],
    ['lv-flat-installed', 25, {}, true],
    ['lv-flat-installed', 10, {}, false],
  ] as [TaipowerKind, number, Partial<OtherContracts>, boolean][])(
    '%s, %s kW regular + %o: %s',
    (kind, regularKw, others, applies) => {
      expect(powerFactorApplies(table(kind), contract(regularKw, others))).toBe(applies);
    },
  );

  it('a low-voltage point without a contract is not adjusted; a high-voltage one is', () => {
    expect(powerFactorApplies(table('lv-3stage'), contract(null))).toBe(false);
    expect(powerFactorApplies(table('hv-3stage'), contract(null))).toBe(true);
    expect(contractSumKw(contract(null, { offPeak: 4 }))).toBe(4);
  });
});

describe('isNoUseMonth', () => {
  const usage = (kwh: number, peakKwh: number | null, maxDemandKw: number | null): PeriodUsage => ({
    kwh,
    peakKwh,
    maxDemandKw,
  });
  it.each([
    // kind, kWh, peak kWh, max demand, without use
    // Demand contract, high or low voltage: 0 kWh and 0 maximum demand.
    ['hv-3stage', 0, 0, 0, true],
    ['hv-3stage', 0.001, 0, 0, false],
    ['hv-3stage', 0, 0, 0.5, false],
    ['hv-2stage', 0, null, 0, true],
    ['lv-3stage', 0, 0, 0, true],
    ['lv-2stage', 12, 0, 3, false],
    ['lv-flat', 0, 0, 0, true],
    // Exported on net: the meter's reading is not known to be 0.
    ['hv-3stage', -5, -5, 0, false],
    // Installed, time-of-use: 0 kWh in peak hours, whatever off-peak used.
    ['lv-2stage-installed', 40, 0, 8, true],
    ['lv-2stage-installed', 40, 1, 8, false],
    // Peak hours not known: only 0 kWh in all hours counts.
    ['lv-2stage-installed', 40, null, 8, false],
    ['lv-2stage-installed', 0, null, 0, true],
    // Installed, flat: 0 kWh; a maximum demand is not held against it.
    ['lv-flat-installed', 0, 0, 0, true],
    ['lv-flat-installed', 3, 3, 1, false],
    // No block measured: missing data, never a month without use.
    ['hv-3stage', 0, 0, null, false],
    ['lv-2stage-installed', 0, 0, null, false],
  ] as [TaipowerKind, number, number | null, number | null, boolean][])(
    '%s, %s kWh (peak %s), max %s kW: %s',
    (kind, kwh, peakKwh, maxDemandKw, noUse) => {
      expect(isNoUseMonth(table(kind), usage(kwh, peakKwh, maxDemandKw))).toBe(noUse);
    },
  );
});

describe('periodRules', () => {
  const DECEMBER = datesBetween('2026-12-01', '2026-12-31');
  const scheduleOf = (...versions: [string, TariffDefinition][]) =>
    new TariffSchedule(
      versions.map(([validFrom, definition], i) => ({ id: i + 1, validFrom, definition })),
    );
  const none: PeriodUsage = { kwh: 0, peakKwh: 0, maxDemandKw: 0 };

  it.each([
    [
      'high voltage, used',
      [['2025-10-01', 'hv-3stage']],
      100,
      { kwh: 9, peakKwh: 3, maxDemandKw: 2 },
      1,
      true,
    ],
    ['high voltage, no use', [['2025-10-01', 'hv-3stage']], 100, none, 0.5, true],
    ['not measured', [['2025-10-01', 'hv-3stage']], 100, null, 1, true],
    ['small low voltage, no use', [['2025-10-01', 'lv-3stage']], 10, none, 0.5, false],
    // The version on the period's last day decides: installed from 12-20, peak hours unused.
    [
      'a change to installed within the period',
      [
        ['2025-10-01', 'lv-2stage'],
        ['2026-12-20', 'lv-2stage-installed'],
      ],
      25,
      { kwh: 50, peakKwh: 0, maxDemandKw: 4 },
      0.5,
      true,
    ],
  ] as [string, [string, TaipowerKind][], number, PeriodUsage | null, number, boolean][])(
    '%s',
    (_, versions, kw, usage, basicShare, powerFactor) => {
      const schedule = scheduleOf(
        ...versions.map(([from, kind]): [string, TariffDefinition] => [from, table(kind)]),
      );
      expect(periodRules(schedule, DECEMBER, contract(kw), usage)).toEqual({
        basicShare,
        powerFactor,
      });
    },
  );

  it('has no rule where no day has a tariff', () => {
    const schedule = scheduleOf(['2027-01-01', table('lv-flat')]);
    expect(periodRules(schedule, DECEMBER, contract(1), none)).toEqual({
      basicShare: 1,
      powerFactor: true,
    });
  });
});
