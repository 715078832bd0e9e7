import { MINUTE_MS } from '@wattboard/zone-time';
import { inAnomalyWindow, type SimEnvironment } from './environment.ts';
import type { LoadProfile } from './load-kinds.ts';
import { clamp, dutyFraction, signedUnit, smoothNoise, unit } from './random.ts';

/**
 * The power a circuit draws, kW, averaged over the reading's interval.
 * Negative for a solar inverter exporting. Each kind follows what drives it:
 * shifts, office hours, heat, the sun, or its own on/off cycle.
 */
type LoadModel = (load: LoadProfile, env: SimEnvironment) => number;

/** Compressors stage in: the first covers demand up to 45 %, the second to 80 %, the third the rest. */
const COMPRESSOR_STAGES = [
  { start: 0, size: 0.45 },
  { start: 0.45, size: 0.35 },
  { start: 0.8, size: 0.2 },
];
/** An unloaded screw compressor still draws about a quarter of its rating. */
const UNLOADED_SHARE = 0.28;

function cycle(load: LoadProfile, env: SimEnvironment, periodMinutes: number, duty: number) {
  const period = periodMinutes * MINUTE_MS;
  return dutyFraction(env.end, env.span, period, duty, unit(load.key, 2) * period);
}

const compressor: LoadModel = (load, env) => {
  const stage = COMPRESSOR_STAGES[Math.min(load.stage, 3) - 1] ?? COMPRESSOR_STAGES[2]!;
  const duty = clamp((env.airDemand - stage.start) / stage.size, 0, 1);
  if (duty === 0) return 0; // this stage is not needed and stays stopped
  const loaded = cycle(load, env, 6 + 2 * load.stage, duty);
  return load.ratedKw * (UNLOADED_SHARE + (1 - UNLOADED_SHARE) * loaded);
};

/** CNC machines run jobs in 20-minute slots; between jobs they idle with the spindle stopped. */
const JOB_SLOT_MS = 20 * MINUTE_MS;
const cnc: LoadModel = (load, env) => {
  const idle = load.ratedKw * (env.production > 0 ? 0.1 : 0.04);
  const runChance = 0.92 * env.production;
  if (env.span > JOB_SLOT_MS) return runChance * load.ratedKw * 0.675 + (1 - runChance) * idle;
  const slot = Math.floor(env.mid / JOB_SLOT_MS);
  if (unit(load.key, slot, 3) >= runChance) return idle;
  const cut = env.detailed ? 0.08 * signedUnit(load.key, Math.floor(env.mid / MINUTE_MS), 4) : 0;
  return load.ratedKw * (0.45 + 0.45 * unit(load.key, slot, 5)) * (1 + cut);
};

/** Up to three charging sessions a day, more likely on weekdays, 7 kW each, one at a time. */
const evCharger: LoadModel = (load, env) => {
  const { clock } = env;
  const chance = clock.weekday >= 1 && clock.weekday <= 5 ? 0.6 : 0.15;
  for (let session = 0; session < 3; session += 1) {
    if (unit(load.key, clock.dayIndex, 20 + session) >= chance) continue;
    const start = 8 + 7 * unit(load.key, clock.dayIndex, 30 + session);
    const length = 1.5 + 2.5 * unit(load.key, clock.dayIndex, 40 + session);
    if (clock.hour >= start && clock.hour < start + length) return load.ratedKw;
  }
  return 0.02;
};

const inHours = (hour: number, from: number, to: number) => hour >= from && hour < to;

/**
 * Hot afternoons (issue #15): on about half the working days of high summer the
 * chiller plant brings its second stage in when it is hottest (cooling need over
 * 0.93, roughly 12:00-17:00 in July), up to 2.5× its rating, so the factory's
 * demand can pass its contract capacity and demand management has work to do.
 */
const HEAT_SURGE_FROM = 0.93;
const HEAT_SURGE_EXTRA = 1.5;
function heatSurge(load: LoadProfile, env: SimEnvironment): number {
  if (env.production === 0 || unit(load.key, env.clock.dayIndex, 61) >= 0.5) return 0;
  return clamp((env.cooling - HEAT_SURGE_FROM) / 0.05, 0, 1);
}

const MODELS: Record<LoadProfile['kind'], LoadModel> = {
  solar: (load, env) =>
    env.sunlight > 0 ? -load.ratedKw * env.sunlight : 0.02 /* inverter standby at night */,
  compressor,
  dryer: (load, env) => load.ratedKw * (0.25 + 0.7 * env.airDemand),
  cnc,
  coolantPump: (load, env) => load.ratedKw * (env.production > 0 ? 0.85 : 0.05),
  waterPump: (load, env) => load.ratedKw * cycle(load, env, 20, 0.25 + 0.45 * env.production),
  chiller: (load, env) =>
    load.ratedKw * env.coolingLoad * (1 + HEAT_SURGE_EXTRA * heatSurge(load, env)),
  airHandler: (load, env) =>
    load.ratedKw * (0.25 + 0.75 * Math.max(env.production, env.office)) * (0.7 + 0.3 * env.cooling),
  coolingTower: (load, env) => load.ratedKw * (0.1 + 0.9 * Math.pow(env.coolingLoad, 1.5)),
  officeAc: (load, env) => 0.05 + load.ratedKw * env.office * (0.35 + 0.65 * env.cooling),
  emergencyLighting: (load) => load.ratedKw,
  outdoorLighting: (load, env) => (env.sunlight > 0.02 ? 0 : load.ratedKw),
  warehouseLighting: (load, { clock }) => {
    const weekday = clock.weekday >= 1 && clock.weekday <= 5;
    if (weekday && inHours(clock.hour, 7, 20)) return load.ratedKw;
    if (clock.weekday === 6 && inHours(clock.hour, 8, 17)) return load.ratedKw * 0.7;
    return load.ratedKw * 0.1;
  },
  workshopLighting: (load, env) => load.ratedKw * (env.production > 0 ? 1 : 0.15),
  officeSockets: (load, env) => load.ratedKw * (0.12 + 0.88 * env.office),
  serverRoom: (load, env) => load.ratedKw * (0.8 + 0.1 * env.office),
  pantry: (load, env) => {
    const { hour, weekday } = env.clock;
    const busy =
      weekday >= 1 &&
      weekday <= 5 &&
      (inHours(hour, 8, 8.5) || inHours(hour, 12, 13) || inHours(hour, 15, 15.5));
    return 0.3 + (busy ? 0.8 * load.ratedKw * cycle(load, env, 10, 0.4) : 0);
  },
  elevator: (load, env) => 0.4 + load.ratedKw * cycle(load, env, 7, 0.25 * env.production),
  evCharger,
  wastewater: (load, env) =>
    load.ratedKw * (0.5 + 0.2 * env.production) + 2 * cycle(load, env, 30, 0.5),
  generic: (load, env) => load.ratedKw * (0.3 + 0.7 * env.production),
};

/** About one overcurrent per circuit every eight days or so: a jammed tool, a stalled motor. */
const OVERCURRENT_CHANCE_PER_HOUR = 1 / 200;
const OVERCURRENT_FACTOR = 1.6;

/** kW drawn over the interval; 0 for a switched-off circuit; negative when exporting. */
export function loadKw(load: LoadProfile, env: SimEnvironment): number {
  const base = MODELS[load.kind](load, env);
  if (base === 0) return 0;
  const drift = 0.04 * smoothNoise(load.key, env.mid, 10 * MINUTE_MS);
  // Minute-to-minute jitter averages out over longer intervals.
  const jitter =
    (0.015 * signedUnit(load.key, Math.floor(env.mid / MINUTE_MS), 6)) /
    Math.sqrt(Math.max(1, env.span / MINUTE_MS));
  const overcurrent =
    env.detailed &&
    load.kind !== 'solar' &&
    inAnomalyWindow(load.key, env.mid, OVERCURRENT_CHANCE_PER_HOUR, 50, 6);
  return base * (1 + drift + jitter) * (overcurrent ? OVERCURRENT_FACTOR : 1);
}

/** Share of the rating in use, 0..1+: lowers the power factor and warms the panel. */
export function loadFraction(load: LoadProfile, kw: number): number {
  return load.ratedKw > 0 ? Math.abs(kw) / load.ratedKw : 0;
}
