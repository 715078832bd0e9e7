import { z } from 'zod';
import { boundedLine, boundedText, writtenNumber } from './input.ts';
import { localDate } from './time.ts';
import { tariffAccountFields } from './tariff-account.ts';

/**
 * The tariff model (issue #15): a factory's electricity tariff held as data.
 * A factory has a history of versions, each valid from a factory-local day
 * until the next version's day. Everything is in the tariff's currency (TWD).
 */

export const COST_CURRENCY = 'TWD';

/** Time-of-use periods, dearest first: 尖峰 / 半尖峰 / 離峰. */
export const TOU_PERIODS = ['peak', 'halfPeak', 'offPeak'] as const;
export const touPeriod = z.enum(TOU_PERIODS, {
  error: 'period must be one of peak, halfPeak, offPeak',
});
export type TouPeriod = z.infer<typeof touPeriod>;

/** Seasons: 夏月 / 非夏月. */
export const SEASONS = ['summer', 'nonSummer'] as const;
export const season = z.enum(SEASONS, { error: 'season must be summer or nonSummer' });
export type Season = z.infer<typeof season>;

/**
 * Day types: Monday–Friday; Saturday; Sunday and the holidays of the
 * calendar (離峰日). A holiday on a weekday or Saturday counts as sundayHoliday.
 */
export const DAY_TYPES = ['weekday', 'saturday', 'sundayHoliday'] as const;
export const dayType = z.enum(DAY_TYPES, {
  error: 'dayType must be one of weekday, saturday, sundayHoliday',
});
export type DayType = z.infer<typeof dayType>;

/** A day of the year as MM-dd (02-29 allowed). */
export const monthDay = z
  .string()
  .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Expected a day of the year as MM-dd');

/** A time of day on a quarter hour, HH:mm from 00:00 to 24:00 (24:00 ends the day). */
export const quarterClock = z
  .string()
  .regex(
    /^(([01]\d|2[0-3]):(00|15|30|45)|24:00)$/,
    'Expected a time of day on a quarter hour as HH:mm (00:00 to 24:00)',
  );

/** Money a person writes (a rate or a charge): 0 or more. */
const amount = (field: string) =>
  writtenNumber.pipe(
    z
      .number()
      .min(0, `${field} must be 0 or more`)
      .max(1_000_000, `${field} must be at most 1000000`),
  );

/** A season's days of the year, both inclusive; `from` after `to` wraps over new year. */
export const seasonRange = z.object({ season, from: monthDay, to: monthDay });
export type SeasonRange = z.infer<typeof seasonRange>;

/** A factory-local time window [from, to) that belongs to one period. */
export const touRange = z.object({ from: quarterClock, to: quarterClock, period: touPeriod });
export type TouRange = z.infer<typeof touRange>;

/**
 * The periods of one season and day type: `ranges` cover 00:00–24:00 once
 * (no gap, no overlap, any order); `rates` are TWD per kWh of each period
 * (all three are given, also for a period the day does not use).
 */
export const touDay = z.object({
  season,
  dayType,
  ranges: z.array(touRange).min(1, 'ranges must cover the whole day').max(48),
  rates: z.object({
    peak: amount('rates.peak'),
    halfPeak: amount('rates.halfPeak'),
    offPeak: amount('rates.offPeak'),
  }),
});
export type TouDay = z.infer<typeof touDay>;

/** A holiday (離峰日) of the calendar, billed as sundayHoliday. */
export const tariffHoliday = z.object({
  date: localDate,
  /** The holiday's name as Taiwan publishes it (Chinese). */
  name: boundedLine(100, 'holiday name is at most 100 characters'),
  /** Additive: its English name; blank shows `name` in both languages. */
  nameEn: boundedLine(100, 'holiday nameEn is at most 100 characters').default(''),
});
export type TariffHoliday = z.infer<typeof tariffHoliday>;

/** Time-of-use stages: 三段式 (peak, half-peak, off-peak) or 二段式 (peak, off-peak). */
export const TARIFF_STAGES = ['threeStage', 'twoStage'] as const;
export const tariffStages = z.enum(TARIFF_STAGES, {
  error: 'stages must be threeStage or twoStage',
});
export type TariffStages = z.infer<typeof tariffStages>;

/** A basic rate of a contract type in one season, TWD per kW·month; null where the table prints "—". */
const typeRate = (field: string) => amount(field).nullable();

/**
 * One season's basic rates of the contract types other than regular (whose
 * rate is `basicChargePerKw`): 半尖峰 (three-stage), 非夏月 (two-stage),
 * 週六半尖峰 and 離峰 (these two share one figure in Taipower's tables).
 */
const seasonTypeRates = (season: string) =>
  z
    .object({
      halfPeak: typeRate(`contractBasicRates.${season}.halfPeak`),
      nonSummer: typeRate(`contractBasicRates.${season}.nonSummer`),
      saturdayHalfPeak: typeRate(`contractBasicRates.${season}.saturdayHalfPeak`),
      offPeak: typeRate(`contractBasicRates.${season}.offPeak`),
    })
    // Taipower charges Saturday half-peak and off-peak kW together at one rate
    // ("週六半尖峰或離峰契約電價"); two figures could not be billed.
    .refine(
      (rates) =>
        rates.saturdayHalfPeak === null ||
        rates.offPeak === null ||
        rates.saturdayHalfPeak === rates.offPeak,
      {
        message: `contractBasicRates.${season}: saturdayHalfPeak and offPeak share one rate`,
        path: ['offPeak'],
      },
    );

export const contractBasicRates = z.object({
  summer: seasonTypeRates('summer'),
  nonSummer: seasonTypeRates('nonSummer'),
});
export type ContractBasicRates = z.infer<typeof contractBasicRates>;

/**
 * The whole tariff of one version.
 * - basic charge: TWD per kW of contract capacity per month, per season; a
 *   month that spans seasons (or tariff versions) is charged per day, each
 *   day 1/(days of the month) of its own season's monthly charge.
 * - over-contract penalty: the month's peak 15-minute demand above the
 *   contract capacity, up to `penaltyTierFraction` (0.1 = 10 %) of the
 *   capacity, costs `penaltyTier1Multiplier` × the basic rate per kW; the kW
 *   beyond that cost `penaltyTier2Multiplier` × (Taipower: 2× and 3×).
 */
export const tariffDefinition = z.object({
  name: boundedLine(100, 'name is at most 100 characters').pipe(
    z.string().trim().min(1, 'name is required'),
  ),
  nameZh: boundedLine(100, 'nameZh is at most 100 characters'),
  currency: z.literal(COST_CURRENCY, { error: `currency must be ${COST_CURRENCY}` }),
  /** Where the figures come from (publisher, document, URL). */
  source: boundedText(500, 'source is at most 500 characters'),
  /**
   * Additive: the same in Chinese; blank (or absent, as in versions saved
   * before it existed) shows `source` in both languages.
   */
  sourceZh: boundedText(500, 'sourceZh is at most 500 characters').default(''),
  /** The day the published rates took effect (as the source states); null when unknown. */
  sourceValidFrom: localDate.nullable(),
  /** Free note (e.g. "a model of the published rates; check against your contract"). */
  note: boundedText(1000, 'note is at most 1000 characters'),
  seasons: z.array(seasonRange).min(1, 'seasons must cover the year').max(12),
  days: z.array(touDay).length(6, 'days must hold the 6 season × day type entries'),
  holidays: z.array(tariffHoliday).max(1000, 'holidays holds at most 1000 days'),
  basicChargePerKw: z.object({
    summer: amount('basicChargePerKw.summer'),
    nonSummer: amount('basicChargePerKw.nonSummer'),
  }),
  penaltyTierFraction: writtenNumber.pipe(
    z
      .number()
      .min(0, 'penaltyTierFraction must be 0 or more')
      .max(1, 'penaltyTierFraction must be at most 1'),
  ),
  penaltyTier1Multiplier: amount('penaltyTier1Multiplier'),
  penaltyTier2Multiplier: amount('penaltyTier2Multiplier'),
  /**
   * Additive (issue #24): the contract's stages, which decide the capacity
   * usable in each period (modules/cost/calc/contract-capacity.ts on the
   * server). Versions saved before it are three-stage.
   */
  stages: tariffStages.default('threeStage'),
  /**
   * Additive (issue #24): the basic rates of the other contract types. Null
   * (as in versions saved before it): only a regular contract can be billed,
   * and every over-contract kW is charged at the regular rate.
   */
  contractBasicRates: contractBasicRates.nullable().default(null),
  /** Additive (issue #24, decision 0068): customer charge, contract basis, flat energy, industry. */
  ...tariffAccountFields,
});
export type TariffDefinition = z.infer<typeof tariffDefinition>;
