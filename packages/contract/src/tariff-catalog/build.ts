import { DEFAULT_TARIFF } from '../tariff-default.ts';
import type { Season, TariffDefinition, TouDay } from '../tariff.ts';
import type { CatalogFigures, TableFigures } from './figures.ts';
import { HOURS, HV_SEASONS } from './hours.ts';
import { KIND_SHAPE } from './kinds.ts';
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
function seasonRates(energy: TableFigures['energy'][Season]) {
  const peak = energy.peak ?? energy.halfPeak;
  const halfPeak = energy.halfPeak ?? energy.peak;
  if (peak === null || halfPeak === null) throw new Error('a season needs a peak or a half-peak');
  const weekday = { peak, halfPeak, offPeak: energy.offPeak };
  return { weekday, saturday: { ...weekday, halfPeak: energy.saturday } };
}

function days(figures: TableFigures, stages: TariffDefinition['stages']): TouDay[] {
  const hours = HOURS[stages];
  const summer = seasonRates(figures.energy.summer);
  const nonSummer = seasonRates(figures.energy.nonSummer);
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

/** The contract types' rates: the second type is half-peak (three-stage) or non-summer (two-stage). */
function contractBasicRates(figures: TableFigures, stages: TariffDefinition['stages']) {
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
  const { voltage, stages } = KIND_SHAPE[entry.kind];
  const { figures } = entry;
  return {
    ...entryTexts(voltage, stages, entry.effectiveFrom, basisOf(entry)),
    currency: 'TWD',
    sourceValidFrom: entry.effectiveFrom,
    seasons: structuredClone(HV_SEASONS),
    days: structuredClone(days(figures, stages)),
    // The off-peak days of the 2025-10-01 table (離峰日, T1 p.28), 2025–2027:
    // the default's list. Only that table's list was read.
    holidays: structuredClone(DEFAULT_TARIFF.holidays),
    basicChargePerKw: { ...figures.basic.regular },
    // Over-contract: up to 10 % over at 2×, beyond at 3× (T1 第五章 七, p.33).
    penaltyTierFraction: 0.1,
    penaltyTier1Multiplier: 2,
    penaltyTier2Multiplier: 3,
    stages,
    contractBasicRates: contractBasicRates(figures, stages),
  };
}
