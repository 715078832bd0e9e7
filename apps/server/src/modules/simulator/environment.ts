import { HOUR_MS, localClock, MINUTE_MS, type LocalClock } from '@wattboard/zone-time';
import {
  ambientTemperature,
  clearSkyIrradiance,
  coolingNeed,
  officeLevel,
  productionLevel,
} from './schedules.ts';
import { clamp, hashString, signedUnit, smoothNoise, unit } from './random.ts';

/**
 * Everything the whole factory shares at one reading time: the local clock,
 * how busy it is, the weather, and the supply's voltage and frequency. Built
 * once per timestamp and handed to every circuit.
 */
export interface SimEnvironment {
  /** The reading's instant (epoch ms): it reports the interval (end − span, end]. */
  end: number;
  span: number;
  /** The interval's middle, where schedules are read so hourly history has no edge bias. */
  mid: number;
  clock: LocalClock;
  production: number;
  office: number;
  /** 0..1, see coolingNeed. */
  cooling: number;
  ambientC: number;
  /** Compressed-air demand, 0..1: leaks keep it near 0.2 at night. */
  airDemand: number;
  /** Chiller plant load, 0..1. */
  coolingLoad: number;
  /** Irradiance after clouds, fraction of a panel's peak. */
  sunlight: number;
  /** Multiplier on nominal voltage: slow drift, heavier load, a rare sag. */
  voltageFactor: number;
  frequencyHz: number;
  /** Short intervals (live data and the last day) carry minute-scale effects and anomalies. */
  detailed: boolean;
  /** Random key of the factory as a whole (weather, grid). */
  factoryKey: number;
}

/** Anomalies only exist at minute scale; history summarised per 15 min or hour omits them. */
const DETAIL_SPAN_MS = 5 * MINUTE_MS;
/** About one voltage sag every twelve days, lasting one to three minutes. */
const SAG_CHANCE_PER_HOUR = 1 / 300;
const SAG_DEPTH = 0.86;

/** Is this instant inside a rare event window? One window at most per hour and key. */
export function inAnomalyWindow(
  key: number,
  instant: number,
  chancePerHour: number,
  channel: number,
  maxMinutes: number,
): boolean {
  const hour = Math.floor(instant / HOUR_MS);
  if (unit(key, hour, channel) >= chancePerHour) return false;
  const startMinute = Math.floor(unit(key, hour, channel + 1) * (60 - maxMinutes));
  const length = 1 + Math.floor(unit(key, hour, channel + 2) * maxMinutes);
  const minute = Math.floor((instant - hour * HOUR_MS) / MINUTE_MS);
  return minute >= startMinute && minute < startMinute + length;
}

export function simEnvironment(
  end: number,
  span: number,
  timeZone: string,
  seed: number,
): SimEnvironment {
  const factoryKey = hashString(`factory:${seed}`);
  const mid = end - span / 2;
  const clock = localClock(mid, timeZone);
  const production = productionLevel(clock);
  const office = officeLevel(clock);
  const cooling = coolingNeed(clock);
  const detailed = span <= DETAIL_SPAN_MS;

  const clearness = 0.3 + 0.7 * unit(factoryKey, clock.dayIndex, 3);
  const passingClouds = (1 - clearness) * 0.8 * smoothNoise(factoryKey, mid, 20 * MINUTE_MS, 4);
  const sunlight = clearSkyIrradiance(clock) * clamp(clearness + passingClouds, 0.08, 1);

  const sag = detailed && inAnomalyWindow(factoryKey, mid, SAG_CHANCE_PER_HOUR, 20, 3);
  const voltageFactor =
    (1 +
      0.012 * smoothNoise(factoryKey, mid, 3 * HOUR_MS, 8) +
      0.004 * smoothNoise(factoryKey, mid, 10 * MINUTE_MS, 9) -
      0.012 * production) *
    (sag ? SAG_DEPTH : 1);

  const minuteJitter = detailed
    ? 0.008 * signedUnit(factoryKey, Math.floor(mid / MINUTE_MS), 12)
    : 0;
  const frequencyHz = clamp(
    60 + 0.03 * smoothNoise(factoryKey, mid, 7 * MINUTE_MS, 10) + minuteJitter,
    59.95,
    60.05,
  );

  return {
    end,
    span,
    mid,
    clock,
    production,
    office,
    cooling,
    ambientC: ambientTemperature(clock),
    airDemand: 0.2 + 0.7 * production,
    coolingLoad: clamp(0.15 + 0.55 * cooling + 0.3 * Math.max(production, office), 0.15, 1),
    sunlight,
    voltageFactor,
    frequencyHz,
    detailed,
    factoryKey,
  };
}
