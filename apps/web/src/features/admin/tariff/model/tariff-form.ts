import {
  localDate,
  monthDay,
  quarterClock,
  tariffProblems,
  validTariff,
} from '@wattboard/contract';
import type { Season, TariffDefinition, TouPeriod } from '@wattboard/contract';
import type { ContractBasicRates, DayType, TariffHoliday, TariffStages } from '@wattboard/contract';
import type { TaipowerTariff } from '@wattboard/contract';
import { accountToForm, catalogIndustry, formToAccount, type AccountForm } from './account-form';

/**
 * The tariff editor's form (issue #15): the contract's TariffDefinition with
 * every number as the text a person typed, and the penalty's first tier as a
 * percentage (10 reads better than 0.1). Holidays ride along unchanged: the
 * calendar edits them on its own. The stages and the other contract types'
 * basic rates (issue #24) and the low-voltage fields (account-form.ts,
 * decision 0068) are edited too and kept on save. Errors are keyed by the contract's field
 * path ("days.2.rates.peak"), so the client's check and the server's 400
 * land on the same field.
 */
export interface RangeForm {
  from: string;
  to: string;
  period: TouPeriod;
}
export interface DayForm {
  season: Season;
  dayType: DayType;
  ranges: RangeForm[];
  rates: Record<TouPeriod, string>;
}
/** The contract types other than regular, in the order Taipower's tables print them. */
export const CONTRACT_TYPES = ['halfPeak', 'nonSummer', 'saturdayHalfPeak', 'offPeak'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
/** Per season and type the typed rate; '' is "—" (the table charges none). */
export type ContractRatesForm = Record<Season, Record<ContractType, string>>;

export interface TariffFormValues extends AccountForm {
  validFrom: string;
  name: string;
  nameZh: string;
  source: string;
  sourceZh: string;
  /** '' = unknown. */
  sourceValidFrom: string;
  note: string;
  seasons: { season: Season; from: string; to: string }[];
  days: DayForm[];
  holidays: TariffHoliday[];
  basicChargePerKw: Record<Season, string>;
  penaltyTierPercent: string;
  penaltyTier1Multiplier: string;
  penaltyTier2Multiplier: string;
  stages: TariffStages;
  contractBasicRates: ContractRatesForm;
}

/** Field path → the contract's (English) message; '' is the whole form. */
export type TariffErrors = Record<string, string>;

const text = (value: number) => String(value);

function ratesToForm(rates: ContractBasicRates | null): ContractRatesForm {
  const season = (s: Season) =>
    Object.fromEntries(
      CONTRACT_TYPES.map((type) => {
        const rate = rates?.[s][type] ?? null;
        return [type, rate === null ? '' : text(rate)];
      }),
    ) as Record<ContractType, string>;
  return { summer: season('summer'), nonSummer: season('nonSummer') };
}

/**
 * The types' rates to send: a blank is null ("—"); all eight blank is null
 * as a whole, as versions saved before the types (only a regular contract).
 */
function formToRates(rates: ContractRatesForm) {
  const all = [rates.summer, rates.nonSummer].flatMap((s) => CONTRACT_TYPES.map((t) => s[t]));
  if (all.every((value) => value.trim() === '')) return null;
  const season = (s: Season) =>
    Object.fromEntries(
      CONTRACT_TYPES.map((type) => {
        const value = rates[s][type];
        return [type, value.trim() === '' ? null : written(value)];
      }),
    ) as Record<ContractType, number | string | null>;
  return { summer: season('summer'), nonSummer: season('nonSummer') };
}

export function tariffToForm(tariff: TariffDefinition, validFrom: string): TariffFormValues {
  return {
    validFrom,
    name: tariff.name,
    nameZh: tariff.nameZh,
    source: tariff.source,
    sourceZh: tariff.sourceZh,
    sourceValidFrom: tariff.sourceValidFrom ?? '',
    note: tariff.note,
    seasons: tariff.seasons.map((s) => ({ ...s })),
    days: tariff.days.map((day) => ({
      season: day.season,
      dayType: day.dayType,
      ranges: day.ranges.map((r) => ({ ...r })),
      rates: {
        peak: text(day.rates.peak),
        halfPeak: text(day.rates.halfPeak),
        offPeak: text(day.rates.offPeak),
      },
    })),
    holidays: tariff.holidays.map((h) => ({ ...h })),
    basicChargePerKw: {
      summer: text(tariff.basicChargePerKw.summer),
      nonSummer: text(tariff.basicChargePerKw.nonSummer),
    },
    // 0.1 → "10", without binary noise (0.07 * 100 = 7.000000000000001).
    penaltyTierPercent: text(Number((tariff.penaltyTierFraction * 100).toFixed(6))),
    penaltyTier1Multiplier: text(tariff.penaltyTier1Multiplier),
    penaltyTier2Multiplier: text(tariff.penaltyTier2Multiplier),
    stages: tariff.stages,
    contractBasicRates: ratesToForm(tariff.contractBasicRates),
    ...accountToForm(tariff),
  };
}

/**
 * The form filled from a Taipower table of the catalog, valid from the day
 * the table took effect (the person may change it before saving). The
 * holidays stay the form's: the calendar is edited on its own, and every
 * table's off-peak days are the default's. So does the industry, with the
 * coefficient of the table's column (account-form.ts catalogIndustry).
 */
export function catalogToForm(entry: TaipowerTariff, current: TariffFormValues): TariffFormValues {
  return {
    ...tariffToForm(entry.tariff, entry.effectiveFrom),
    holidays: current.holidays.map((h) => ({ ...h })),
    ...catalogIndustry(entry, current),
  };
}

/** A typed number as a number; anything else stays text, so the contract names the field. */
function written(value: string): number | string {
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/** The Update call's `tariff` (before the contract's parse). */
export function formToTariff(values: TariffFormValues) {
  const percent = written(values.penaltyTierPercent);
  return {
    name: values.name.trim(),
    nameZh: values.nameZh.trim(),
    currency: 'TWD' as const,
    source: values.source.trim(),
    sourceZh: values.sourceZh.trim(),
    sourceValidFrom: values.sourceValidFrom.trim() === '' ? null : values.sourceValidFrom.trim(),
    note: values.note.trim(),
    seasons: values.seasons.map((s) => ({ ...s })),
    days: values.days.map((day) => ({
      season: day.season,
      dayType: day.dayType,
      ranges: day.ranges.map((r) => ({ ...r })),
      rates: {
        peak: written(day.rates.peak),
        halfPeak: written(day.rates.halfPeak),
        offPeak: written(day.rates.offPeak),
      },
    })),
    holidays: values.holidays.map((h) => ({ ...h })),
    basicChargePerKw: {
      summer: written(values.basicChargePerKw.summer),
      nonSummer: written(values.basicChargePerKw.nonSummer),
    },
    penaltyTierFraction: typeof percent === 'number' ? percent / 100 : percent,
    penaltyTier1Multiplier: written(values.penaltyTier1Multiplier),
    penaltyTier2Multiplier: written(values.penaltyTier2Multiplier),
    stages: values.stages,
    contractBasicRates: formToRates(values.contractBasicRates),
    ...formToAccount(values),
  };
}

/** The contract's field path as the form knows it (the tier is a percentage here). */
function formPath(path: readonly PropertyKey[]): string {
  const dotted = path.map(String).join('.');
  return dotted === 'penaltyTierFraction' ? 'penaltyTierPercent' : dotted;
}

/** The contract's checks (formats, then whole-day ranges, seasons, holidays), per field; {} when valid. */
export function validateTariffForm(values: TariffFormValues): TariffErrors {
  const errors: TariffErrors = {};
  const day = localDate.safeParse(values.validFrom.trim());
  if (!day.success) errors['validFrom'] = day.error.issues[0]?.message ?? 'invalid';
  const tariff = validTariff.safeParse(formToTariff(values));
  if (!tariff.success) {
    for (const issue of tariff.error.issues) {
      const path = formPath(issue.path);
      errors[path] ??= issue.message;
    }
    // zod skips the whole-tariff rules while a field is malformed: a bad rate would hide a
    // gap in the hours until it is fixed. Run them too when the days and seasons are well formed.
    if (wellFormedShape(values)) {
      for (const problem of tariffProblems(formToTariff(values) as unknown as TariffDefinition)) {
        errors[formPath(problem.path)] ??= problem.message;
      }
    }
  }
  return errors;
}

/** Seasons, day entries and ranges in their formats: tariffProblems can read them. */
function wellFormedShape(values: TariffFormValues): boolean {
  return (
    values.seasons.every(
      (s) => monthDay.safeParse(s.from).success && monthDay.safeParse(s.to).success,
    ) &&
    values.days.every((d) =>
      d.ranges.every(
        (r) => quarterClock.safeParse(r.from).success && quarterClock.safeParse(r.to).success,
      ),
    ) &&
    values.holidays.every((h) => localDate.safeParse(h.date).success)
  );
}

/**
 * The server's 400 message, "tariff.days.2.ranges: days[2]: ranges must not
 * overlap; validFrom: ...", as errors per form field. A message naming no
 * field goes to the whole form ('').
 */
export function serverTariffErrors(message: string): TariffErrors {
  const errors: TariffErrors = {};
  for (const part of message.split('; ')) {
    const match = /^([\w.]+): (.+)$/.exec(part.trim());
    if (!match?.[1] || !match[2]) {
      errors[''] ??= part.trim();
      continue;
    }
    const path = match[1].replace(/^tariff(\.|$)/, '');
    errors[formPath(path === '' ? [] : path.split('.'))] ??= match[2];
  }
  return errors;
}

/** The first error at or under `path` (a day's ranges show their rows' problems too). */
export function errorAt(errors: TariffErrors, path: string): string | undefined {
  if (errors[path] !== undefined) return errors[path];
  const prefix = `${path}.`;
  const key = Object.keys(errors).find((k) => k.startsWith(prefix));
  return key === undefined ? undefined : errors[key];
}

/** Quarter hours 00:00 … 24:00, the times a range may start or end at. */
export const QUARTER_TIMES: readonly string[] = Array.from({ length: 97 }, (_, i) => {
  const minutes = i * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/**
 * A new range for a day: from the end of its last range to the end of the
 * day (or the last hour, when the day is already full), so adding one and
 * then moving the previous end is all it takes to split a period.
 */
export function nextRange(ranges: readonly RangeForm[]): RangeForm {
  const ends = ranges.map((r) => r.to).sort();
  const last = ends.at(-1) ?? '00:00';
  if (last === '24:00') return { from: '23:00', to: '24:00', period: 'offPeak' };
  return { from: last, to: '24:00', period: 'offPeak' };
}
