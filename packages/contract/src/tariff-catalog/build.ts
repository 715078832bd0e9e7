import { DEFAULT_TARIFF } from '../tariff-default.ts';
import type { Season, TariffDefinition, TouDay } from '../tariff.ts';
import type { CatalogFigures, TableFigures } from './figures.ts';
import { FLAT_HOURS, HOURS, HV_SEASONS, LV_SEASONS } from './hours.ts';
import { KIND_SHAPE, type KindShape } from './kinds.ts';
import { entryTexts } from './texts.ts';
import type { Basis } from './texts.ts';

/** The tariff's fields whose figures a catalog entry takes from its table. */
export const TARIFF_FIGURE_FIELDS = [
  'seasons',
  'days',
  'holidays',
  'basicChargePerKw',
  'contractBasicRates',
  'penaltyTierFraction',
  'penaltyTier1Multiplier',
  'penaltyTier2Multiplier',
  'customerChargePerMonth',
] as const;

/**
 * One season's rates per day type. Every day names all three periods, also
 * one it does not use (as the default does):
 * - three-stage has no non-summer peak: its `peak` repeats the half-peak;
 * - two-stage has no half-peak on Monday–Friday: its `halfPeak` repeats the
 *   peak. Its Saturday half-peak is the table's own Saturday figure;
 * - Saturday's unused `peak` repeats Monday–Friday's, and Sundays and
 *   off-peak days take Monday–Friday's rates (off-peak all day).
 */
type TouEnergy = NonNullable<TableFigures['energy']>[Season];

function seasonRates(energy: TouEnergy) {
  const peak = energy.peak ?? energy.halfPeak;
  const halfPeak = energy.halfPeak ?? energy.peak;
  if (peak === null || halfPeak === null) throw new Error('a season needs a peak or a half-peak');
  const weekday = { peak, halfPeak, offPeak: energy.offPeak };
  return { weekday, saturday: { ...weekday, halfPeak: energy.saturday } };
}

/** A flat table's one rate, as every period of every day (no hour is billed at another). */
function flatRates(rate: number) {
  const all = { peak: rate, halfPeak: rate, offPeak: rate };
  return { weekday: all, saturday: all };
}

function days(figures: TableFigures, stages: TariffDefinition['stages']): TouDay[] {
  const { energy, flat } = figures;
  const hours = flat ? FLAT_HOURS : HOURS[stages];
  const rates = (s: Season) => {
    if (flat) return flatRates(flat[s]);
    if (!energy) throw new Error('a table needs time-of-use or flat energy');
    return seasonRates(energy[s]);
  };
  const summer = rates('summer');
  const nonSummer = rates('nonSummer');
  return [
    { season: 'summer', dayType: 'weekday', ranges: hours.summerWeekday, rates: summer.weekday },
    { season: 'summer', dayType: 'saturday', ranges: hours.summerSaturday, rates: summer.saturday },
    {
      season: 'summer',
      dayType: 'sundayHoliday',
      ranges: hours.sundayHoliday,
      rates: summer.weekday,
    },
    {
      season: 'nonSummer',
      dayType: 'weekday',
      ranges: hours.nonSummerWeekday,
      rates: nonSummer.weekday,
    },
    {
      season: 'nonSummer',
      dayType: 'saturday',
      ranges: hours.nonSummerSaturday,
      rates: nonSummer.saturday,
    },
    {
      season: 'nonSummer',
      dayType: 'sundayHoliday',
      ranges: hours.sundayHoliday,
      rates: nonSummer.weekday,
    },
  ];
}

/**
 * The contract types' rates: the second type is half-peak (three-stage) or
 * non-summer (two-stage and non-TOU). An installed-capacity contract has none.
 */
function contractBasicRates(figures: TableFigures, shape: KindShape) {
  if (shape.basis === 'installed') return null;
  const { stages } = shape;
  const { second, saturdayOffPeak } = figures.basic;
  const season = (s: Season) => ({
    halfPeak: stages === 'threeStage' ? second[s] : null,
    nonSummer: stages === 'twoStage' ? second[s] : null,
    saturdayHalfPeak: saturdayOffPeak[s],
    offPeak: saturdayOffPeak[s],
  });
  return { summer: season('summer'), nonSummer: season('nonSummer') };
}

/** Whether an entry's figures were read in its own table, carried back, or have no table. */
export function basisOf(entry: CatalogFigures): Basis {
  if (entry.effectiveFrom === '2025-10-01') return 'confirmed';
  return entry.effectiveFrom === '2024-10-16' ? 'carriedBack' : 'earlierDefault';
}

/** A complete tariff from a catalog entry's figures. */
export function buildTariff(entry: CatalogFigures): TariffDefinition {
  const shape = KIND_SHAPE[entry.kind];
  const { stages } = shape;
  const { figures } = entry;
  return {
    ...entryTexts(shape, entry.effectiveFrom, basisOf(entry)),
    currency: 'TWD',
    sourceValidFrom: entry.effectiveFrom,
    seasons: structuredClone(shape.voltage === 'low' ? LV_SEASONS : HV_SEASONS),
    days: structuredClone(days(figures, stages)),
    // The off-peak days of the 2025-10-01 table (離峰日, T1 p.28), 2025–2027:
    // the default's list. Only that table's list was read.
    holidays: structuredClone(DEFAULT_TARIFF.holidays),
    basicChargePerKw: { ...basicRate(figures, shape) },
    // Over-contract: up to 10 % over at 2×, beyond at 3× (T1 第五章 七, p.33).
    penaltyTierFraction: 0.1,
    penaltyTier1Multiplier: 2,
    penaltyTier2Multiplier: 3,
    stages,
    contractBasicRates: contractBasicRates(figures, shape),
    customerChargePerMonth: customerCharge(figures, shape),
    contractBasis: shape.basis,
    timeOfUse: shape.timeOfUse,
    industry: null,
  };
}

/** The regular contract's rate, or the installed-capacity rate per kW. */
function basicRate(figures: TableFigures, shape: KindShape) {
  if (shape.basis === 'demand') return figures.basic.regular;
  const rate = figures.account?.installedCapacity;
  if (!rate) throw new Error('the table has no installed-capacity rate');
  return rate;
}

/** 按戶計收 of the contract basis; 0 where the table charges none. */
function customerCharge(figures: TableFigures, shape: KindShape): number {
  return figures.account?.customerCharge[shape.basis] ?? 0;
}
