import {
  clockMinutes,
  type DayType,
  type Season,
  type TariffDefinition,
  type TouPeriod,
} from '@wattboard/contract';

/**
 * Which time-of-use period (and rate) a factory-local moment is in, under a
 * factory's tariff history. Pure: callers pass factory-local parts (date,
 * minute of the day, weekday) from the project's ZoneClock, so DST is the
 * clock's business and a period is read off the wall clock, as the tariff is.
 */

/** 15-minute slots of a day: ranges are on quarter hours, so a slot is never split. */
const SLOTS = 96;

export interface Slot {
  period: TouPeriod;
  /** TWD per kWh. */
  rate: number;
}

export interface CompiledTariff {
  definition: TariffDefinition;
  /** Season of each day of a leap year (index 0 = 01-01, 59 = 02-29). */
  seasons: Season[];
  holidays: ReadonlySet<string>;
  /** Per "season/dayType": the 96 slots of the day. */
  slots: ReadonlyMap<string, Slot[]>;
}

const dayIndex = (monthDay: string) =>
  (Date.UTC(2024, Number(monthDay.slice(0, 2)) - 1, Number(monthDay.slice(3, 5))) -
    Date.UTC(2024, 0, 1)) /
  86_400_000;

/** Precomputes a tariff's lookups (the definition is assumed valid: tariffProblems is empty). */
export function compileTariff(definition: TariffDefinition): CompiledTariff {
  const seasons = new Array<Season>(366).fill('nonSummer');
  for (const range of definition.seasons) {
    const from = dayIndex(range.from);
    const to = dayIndex(range.to);
    for (let k = 0; k < 366; k += 1) {
      const d = (from + k) % 366;
      seasons[d] = range.season;
      if (d === to) break;
    }
  }
  const slots = new Map<string, Slot[]>();
  for (const day of definition.days) {
    const table = new Array<Slot>(SLOTS).fill({ period: 'offPeak', rate: day.rates.offPeak });
    for (const range of day.ranges) {
      const slot = { period: range.period, rate: day.rates[range.period] };
      for (let m = clockMinutes(range.from); m < clockMinutes(range.to); m += 15) {
        table[m / 15] = slot;
      }
    }
    slots.set(`${day.season}/${day.dayType}`, table);
  }
  return {
    definition,
    seasons,
    holidays: new Set(definition.holidays.map((h) => h.date)),
    slots,
  };
}

/** The season of a factory-local day yyyy-MM-dd. */
export function seasonOf(tariff: CompiledTariff, date: string): Season {
  return tariff.seasons[dayIndex(date.slice(5, 10))] ?? 'nonSummer';
}

/** The day type of a local day: a holiday of the calendar bills like a Sunday. */
export function dayTypeOf(tariff: CompiledTariff, date: string, weekday: number): DayType {
  if (weekday === 0 || tariff.holidays.has(date)) return 'sundayHoliday';
  return weekday === 6 ? 'saturday' : 'weekday';
}

/** Factory-local parts of a moment, as ZoneClock.localParts gives them. */
export interface LocalMoment {
  date: string;
  minuteOfDay: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

/** The period and rate of a local moment under one tariff. */
export function slotAt(tariff: CompiledTariff, at: LocalMoment): Slot {
  const key = `${seasonOf(tariff, at.date)}/${dayTypeOf(tariff, at.date, at.weekday)}`;
  const table = tariff.slots.get(key);
  const slot = table?.[Math.floor(at.minuteOfDay / 15)];
  if (!slot) throw new Error(`tariff has no slot for ${key} ${at.minuteOfDay}`);
  return slot;
}

export interface TariffVersionData {
  id: number;
  /** Factory-local day it applies from. */
  validFrom: string;
  definition: TariffDefinition;
}

export interface ScheduledVersion extends TariffVersionData {
  compiled: CompiledTariff;
}

/** A factory's tariff history: which version applies on a local day. */
export class TariffSchedule {
  readonly versions: readonly ScheduledVersion[];

  constructor(versions: readonly TariffVersionData[]) {
    this.versions = [...versions]
      .sort((a, b) => (a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : 0))
      .map((v) => ({ ...v, compiled: compileTariff(v.definition) }));
  }

  /** The version valid on local day `date` (the latest validFrom ≤ date), or null before the first. */
  versionOn(date: string): ScheduledVersion | null {
    let found: ScheduledVersion | null = null;
    for (const version of this.versions) {
      if (version.validFrom <= date) found = version;
      else break;
    }
    return found;
  }

  /** The day type of a local day by the tariff then in force; before the first, by its weekday. */
  dayTypeOn(date: string, weekday: number): DayType {
    const version = this.versionOn(date);
    if (version) return dayTypeOf(version.compiled, date, weekday);
    return weekday === 0 ? 'sundayHoliday' : weekday === 6 ? 'saturday' : 'weekday';
  }

  /** The 96 slots of a local day and the version that gives them, or null before the first version. */
  dayTable(date: string, weekday: number): { slots: readonly Slot[]; versionId: number } | null {
    const version = this.versionOn(date);
    if (!version) return null;
    const t = version.compiled;
    const slots = t.slots.get(`${seasonOf(t, date)}/${dayTypeOf(t, date, weekday)}`);
    if (!slots) throw new Error(`tariff ${version.id} has no slots for ${date}`);
    return { slots, versionId: version.id };
  }

  /** Period and rate of a local moment, or null when no version covers its day. */
  slotAt(at: LocalMoment): (Slot & { versionId: number }) | null {
    const version = this.versionOn(at.date);
    return version ? { ...slotAt(version.compiled, at), versionId: version.id } : null;
  }
}
