import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFF } from '../tariff-default.ts';
import { tariffProblems, validTariff } from '../tariff-rules.ts';
import { tariffDefinition } from '../tariff.ts';
import type { Season, TariffDefinition, TouDay } from '../tariff.ts';
import { TAIPOWER_TARIFFS, taipowerTariff, taipowerTariffsInOrder } from './index.ts';
import { KIND_SHAPE } from './kinds.ts';

/** The research data (docs/, not shipped): the catalog must carry its figures. */
interface ResearchEntry {
  effectiveFrom: string;
  kind: string;
  schedule: 'three-stage' | 'two-stage' | null;
  season: 'hv' | 'lv';
  customerCharge: { demandContractPerMonth?: number; installedContractPerMonth?: number } | null;
  basicCharge: Record<string, Record<Season, number | null>> | null;
  energy: Record<Season, Record<string, Record<string, number>>> | null;
  confirmed: boolean;
  unconfirmed: string[];
}
const research = JSON.parse(
  readFileSync(new URL('../../../../docs/cost-taipower-tables.json', import.meta.url), 'utf8'),
) as {
  entries: ResearchEntry[];
  seasons: Record<'hv' | 'lv', { summer: { from: string; to: string } }>;
};

const RESEARCH_DAY = {
  weekday: 'weekday',
  saturday: 'saturday',
  sundayHoliday: 'sundayOffPeakDay',
};
const dayOf = (t: TariffDefinition, season: Season, dayType: TouDay['dayType']) =>
  t.days.find((d) => d.season === season && d.dayType === dayType)!;

describe.each(TAIPOWER_TARIFFS.map((entry) => [entry.id, entry] as const))('%s', (id, entry) => {
  const t = entry.tariff;
  const shape = KIND_SHAPE[entry.kind];
  const source = research.entries.find(
    (e) => e.kind === shape.researchKind && e.effectiveFrom === entry.effectiveFrom,
  )!;

  it('is a valid tariff: it parses, and every day is covered once', () => {
    expect(id).toBe(`${entry.kind}@${entry.effectiveFrom}`);
    expect(tariffDefinition.parse(t)).toEqual(t);
    expect(validTariff.safeParse(t).success).toBe(true);
    expect(tariffProblems(t)).toEqual([]);
    for (const day of t.days) {
      const quarters = new Array<number>(96).fill(0);
      for (const r of day.ranges) {
        const at = (hhmm: string) => (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) / 15;
        for (let q = at(r.from); q < at(r.to); q++) quarters[q]! += 1;
      }
      expect(
        quarters.every((n) => n === 1),
        `${day.season}/${day.dayType}`,
      ).toBe(true);
    }
    expect(t.days.map((d) => `${d.season}/${d.dayType}`)).toEqual(
      DEFAULT_TARIFF.days.map((d) => `${d.season}/${d.dayType}`),
    );
  });

  it('carries the research entry: confirmed, stages, basic charges, energy', () => {
    expect(source).toBeDefined();
    expect(entry.confirmed).toBe(source.confirmed);
    expect(entry.confirmed).toBe(entry.unconfirmed.length === 0);
    expect(t.seasons[0]).toEqual({ season: 'summer', ...research.seasons[source.season].summer });
    // Non-TOU is held against its contract as two-stage peak hours.
    expect(t.stages).toBe(source.schedule === 'three-stage' ? 'threeStage' : 'twoStage');
    expect(t.timeOfUse).toBe(source.schedule !== null);
    expect(t.contractBasis).toBe(shape.basis);
    const perAccount =
      shape.basis === 'installed'
        ? source.customerCharge?.installedContractPerMonth
        : source.customerCharge?.demandContractPerMonth;
    expect(t.customerChargePerMonth).toBe(perAccount ?? 0);
    const basic = source.basicCharge!;
    for (const season of ['summer', 'nonSummer'] as const) {
      if (shape.basis === 'installed') {
        expect(t.basicChargePerKw[season]).toBe(basic['installedCapacity']![season]);
        expect(t.contractBasicRates).toBeNull();
      } else {
        expect(t.basicChargePerKw[season]).toBe(basic['regular']![season]);
        expect(t.contractBasicRates![season]).toEqual({
          halfPeak: basic['halfPeak']?.[season] ?? null,
          nonSummer: basic['nonSummer']?.[season] ?? null,
          saturdayHalfPeak: basic['saturdayHalfPeak']?.[season] ?? null,
          offPeak: basic['offPeak']?.[season] ?? null,
        });
      }
      for (const dayType of ['weekday', 'saturday', 'sundayHoliday'] as const) {
        const day = dayOf(t, season, dayType);
        if (source.schedule === null) {
          // One rate all day, every day: the season's flat figure.
          expect(day.ranges).toEqual([{ from: '00:00', to: '24:00', period: 'peak' }]);
          expect(day.rates.peak).toBe(source.energy![season]['allDays']!['flat']);
          continue;
        }
        const figures = source.energy![season][RESEARCH_DAY[dayType]]!;
        // Every period the research prices is priced so, and used in the day's hours.
        for (const [period, rate] of Object.entries(figures)) {
          expect(
            day.rates[period as keyof typeof day.rates],
            `${season}/${dayType}/${period}`,
          ).toBe(rate);
          expect(day.ranges.some((r) => r.period === period)).toBe(true);
        }
        // A period the day's hours use has a figure in the research.
        for (const r of day.ranges) expect(figures[r.period]).toBeDefined();
      }
    }
  });

  it('says plainly when its figures are unconfirmed', () => {
    expect(t.sourceValidFrom).toBe(entry.effectiveFrom);
    expect(t.source).toMatch(/taipower\.com\.tw/);
    expect(t.sourceZh).toMatch(/台灣電力公司電價表/);
    if (entry.confirmed) {
      expect(t.note).not.toMatch(/UNCONFIRMED|未經證實/);
      expect(t.name).not.toMatch(/unconfirmed/);
    } else {
      expect(t.note).toMatch(/^UNCONFIRMED: .*未經證實：/);
      expect(t.name).toMatch(/unconfirmed\)$/);
      expect(t.nameZh).toMatch(/未經證實）$/);
      expect(entry.unconfirmed).toEqual(expect.arrayContaining(['days', 'basicChargePerKw']));
      expect(entry.unconfirmed.includes('customerChargePerMonth')).toBe(
        KIND_SHAPE[entry.kind].voltage === 'low',
      );
    }
  });
});

describe('the Taipower catalog', () => {
  it('holds the default tariff as hv-3stage@2025-10-01, to the letter', () => {
    expect(taipowerTariff('hv-3stage@2025-10-01')?.tariff).toEqual(DEFAULT_TARIFF);
  });

  it('holds every kind × version the research has figures for, low voltage with both contracts', () => {
    const withFigures = research.entries
      .filter((e) => e.energy !== null)
      .map((e) => `${e.kind}@${e.effectiveFrom}`);
    const ids = TAIPOWER_TARIFFS.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const researchIds = TAIPOWER_TARIFFS.map(
      (e) => `${KIND_SHAPE[e.kind].researchKind}@${e.effectiveFrom}`,
    );
    expect([...new Set(researchIds)].sort()).toEqual(withFigures.sort());
    // The two-stage and non-TOU tables price an installed-capacity contract apart.
    expect(ids.filter((id) => id.includes('-installed@')).sort()).toEqual([
      'lv-2stage-installed@2024-10-16',
      'lv-2stage-installed@2025-10-01',
      'lv-flat-installed@2024-10-16',
      'lv-flat-installed@2025-10-01',
    ]);
  });

  it('offers confirmed tables first, then the newest', () => {
    const kinds = [
      'hv-3stage',
      'ehv-3stage',
      'hv-2stage',
      'ehv-2stage',
      'lv-3stage',
      'lv-2stage',
      'lv-2stage-installed',
      'lv-flat',
      'lv-flat-installed',
    ];
    expect(taipowerTariffsInOrder().map((e) => e.id)).toEqual([
      ...kinds.map((kind) => `${kind}@2025-10-01`),
      ...kinds.map((kind) => `${kind}@2024-10-16`),
      'hv-3stage@2024-04-01',
    ]);
    expect(taipowerTariff('lv-3stage@2024-04-01')).toBeUndefined();
  });
});

/**
 * Figures read by hand in docs/cost-taipower-tables.md (at least one per
 * kind), independent of the JSON: [id, season, dayType, period, TWD/kWh].
 */
describe('spot checks against docs/cost-taipower-tables.md', () => {
  it.each([
    ['hv-3stage@2025-10-01', 'summer', 'weekday', 'peak', 9.39],
    ['hv-3stage@2025-10-01', 'nonSummer', 'saturday', 'halfPeak', 2.41],
    ['ehv-3stage@2025-10-01', 'summer', 'weekday', 'halfPeak', 5.38],
    ['ehv-3stage@2025-10-01', 'nonSummer', 'sundayHoliday', 'offPeak', 2.18],
    ['hv-2stage@2025-10-01', 'summer', 'weekday', 'peak', 6.75],
    ['hv-2stage@2025-10-01', 'nonSummer', 'saturday', 'halfPeak', 2.54],
    ['ehv-2stage@2025-10-01', 'nonSummer', 'weekday', 'peak', 5.79],
    ['ehv-2stage@2025-10-01', 'summer', 'saturday', 'halfPeak', 2.73],
    ['ehv-2stage@2024-10-16', 'summer', 'weekday', 'offPeak', 2.55],
    ['hv-3stage@2024-04-01', 'summer', 'weekday', 'peak', 8.05],
    ['hv-3stage@2024-04-01', 'nonSummer', 'weekday', 'halfPeak', 4.78],
  ] as const)('%s %s %s %s = %d', (id, season, dayType, period, rate) => {
    expect(dayOf(taipowerTariff(id)!.tariff, season, dayType).rates[period]).toBe(rate);
  });

  it.each([
    ['hv-3stage@2025-10-01', 223.6, 166.9, { halfPeak: 166.9, saturdayHalfPeak: 44.7 }],
    ['ehv-3stage@2025-10-01', 217.3, 160.6, { halfPeak: 160.6, saturdayHalfPeak: 43.4 }],
    ['hv-2stage@2025-10-01', 223.6, 166.9, { nonSummer: null, offPeak: 44.7 }],
    ['ehv-2stage@2024-10-16', 217.3, 160.6, { nonSummer: null, offPeak: 43.4 }],
  ] as const)('%s basic: regular %d / %d, summer types %o', (id, summer, nonSummer, types) => {
    const t = taipowerTariff(id)!.tariff;
    expect(t.basicChargePerKw).toEqual({ summer, nonSummer });
    expect(t.contractBasicRates?.summer).toMatchObject(types);
  });

  it('two-stage: non-summer contract 160.60 in non-summer only (extra-high voltage)', () => {
    const rates = taipowerTariff('ehv-2stage@2025-10-01')!.tariff.contractBasicRates!;
    expect(rates.nonSummer).toEqual({
      halfPeak: null,
      nonSummer: 160.6,
      saturdayHalfPeak: 32.1,
      offPeak: 32.1,
    });
  });

  it('two-stage hours: summer peak 09:00–24:00, non-summer peak 06–11 and 14–24', () => {
    const t = taipowerTariff('hv-2stage@2025-10-01')!.tariff;
    expect(dayOf(t, 'summer', 'weekday').ranges).toEqual([
      { from: '00:00', to: '09:00', period: 'offPeak' },
      { from: '09:00', to: '24:00', period: 'peak' },
    ]);
    expect(
      dayOf(t, 'nonSummer', 'weekday')
        .ranges.filter((r) => r.period === 'peak')
        .map((r) => `${r.from}-${r.to}`),
    ).toEqual(['06:00-11:00', '14:00-24:00']);
  });
});
