import type { LocalClock } from '@wattboard/zone-time';
import { clamp } from './random.ts';

/**
 * The factory's rhythm as levels from 0 to 1 by local time. Two production
 * shifts on weekdays (06:00–14:00, 14:00–22:00), one shorter and lighter
 * Saturday shift, nothing on Sundays and at night: what a Taiwanese
 * metal-working plant typically runs.
 */
interface Period {
  from: number;
  to: number;
  level: number;
}

/** The first matching period wins, so breaks are listed before the shift they interrupt. */
function levelAt(hour: number, periods: readonly Period[]): number {
  for (const period of periods) {
    if (hour >= period.from && hour < period.to) return period.level;
  }
  return 0;
}

const WEEKDAY_PRODUCTION: readonly Period[] = [
  { from: 6, to: 6.5, level: 0.6 }, // machines warming up
  { from: 12, to: 12.75, level: 0.75 }, // lunch break, staggered
  { from: 13.9, to: 14.1, level: 0.6 }, // shift change
  { from: 18, to: 18.5, level: 0.8 }, // dinner break
  { from: 21.5, to: 22, level: 0.6 }, // winding down
  { from: 6, to: 22, level: 1 },
];
const SATURDAY_PRODUCTION: readonly Period[] = [
  { from: 12, to: 13, level: 0.35 },
  { from: 8, to: 17, level: 0.55 },
];
const WEEKDAY_OFFICE: readonly Period[] = [
  { from: 12, to: 13, level: 0.6 },
  { from: 8, to: 18, level: 1 },
];
const SATURDAY_OFFICE: readonly Period[] = [{ from: 9, to: 12, level: 0.3 }];

const isWeekday = (clock: LocalClock) => clock.weekday >= 1 && clock.weekday <= 5;

/** How busy the production lines are: 1 on a weekday shift, about half on Saturday, 0 otherwise. */
export function productionLevel(clock: LocalClock): number {
  if (isWeekday(clock)) return levelAt(clock.hour, WEEKDAY_PRODUCTION);
  if (clock.weekday === 6) return levelAt(clock.hour, SATURDAY_PRODUCTION);
  return 0;
}

/** How occupied the offices are (08:00–18:00 on weekdays, a Saturday morning). */
export function officeLevel(clock: LocalClock): number {
  if (isWeekday(clock)) return levelAt(clock.hour, WEEKDAY_OFFICE);
  if (clock.weekday === 6) return levelAt(clock.hour, SATURDAY_OFFICE);
  return 0;
}

const TWO_PI = 2 * Math.PI;

/** Outdoor temperature, °C: a subtropical year (≈17 °C in January, ≈30 °C in July) and day. */
export function ambientTemperature(clock: LocalClock): number {
  const seasonal = 23.5 - 6.5 * Math.cos((TWO_PI * (clock.dayOfYear - 20)) / 365);
  const diurnal = 4 * Math.cos((TWO_PI * (clock.hour - 14.5)) / 24);
  return seasonal + diurnal;
}

/** 0 on a cool night, 1 on a hot summer afternoon: drives chillers and air conditioning. */
export function coolingNeed(clock: LocalClock): number {
  return clamp((ambientTemperature(clock) - 16) / 18, 0, 1);
}

/** Hours of daylight at about 24° N: ≈10.7 h in December, ≈13.3 h in June. */
function dayLength(clock: LocalClock): number {
  return 12 + 1.3 * Math.sin((TWO_PI * (clock.dayOfYear - 80)) / 365);
}

/** Clear-sky irradiance as a fraction of a panel's peak: 0 from sunset to sunrise. */
export function clearSkyIrradiance(clock: LocalClock): number {
  const length = dayLength(clock);
  const sunrise = 12 - length / 2;
  const sinceSunrise = clock.hour - sunrise;
  if (sinceSunrise <= 0 || sinceSunrise >= length) return 0;
  const elevation = Math.sin((Math.PI * sinceSunrise) / length);
  const season = 0.85 + 0.15 * Math.sin((TWO_PI * (clock.dayOfYear - 80)) / 365);
  return Math.pow(elevation, 1.3) * season;
}

/** Outdoor lights switch on a quarter of an hour before sunset and off after sunrise. */
export function isDark(clock: LocalClock): boolean {
  const length = dayLength(clock);
  const sunrise = 12 - length / 2;
  return clock.hour < sunrise + 0.25 || clock.hour > sunrise + length - 0.25;
}
