/**
 * One batch of stored readings against the activated alarm settings of their
 * nodes, as a pure function: the new status of every setting, its last value
 * and, for each breached setting, the breach an event must record.
 */
import type { AlarmTarget } from '@wattboard/contract';
import { breachedLimit, nextStatus, type AlertStatus, type BreachedLimit } from './rules.ts';
import { demandBlockStart, targetValue, type Limits, type MeasuredValues } from './targets.ts';
import type { NodeNames } from './texts.ts';

export interface ActiveSetting {
  nodeId: number;
  target: AlarmTarget;
  limits: Limits;
  status: AlertStatus;
  node: NodeNames;
  /** Virtual nodes have no readings of their own; only their demand (from rollups) is watched. */
  isVirtual: boolean;
}

export interface TimedReading extends MeasuredValues {
  nodeId: number;
  ts: Date;
}

export interface Observation {
  ts: Date;
  value: number;
}

/** Block demand (kW) of a node by block start, or undefined when the block has no rollup. */
export type DemandLookup = (nodeId: number, blockStart: number) => number | undefined;

/**
 * Each virtual node's real-time demand block: the newest one complete for
 * every measured member (realTimeDemandBlock), or null while none is.
 */
export type VirtualBlocks = ReadonlyMap<number, number | null>;

/** The latest breach of a batch: what the event shows. */
export interface Breach {
  /** The first breaching reading of the batch (opens a new event at this time). */
  firstAt: Date;
  lastAt: Date;
  value: number;
  limit: BreachedLimit;
  limitValue: number;
}

export interface SettingOutcome {
  setting: ActiveSetting;
  status: AlertStatus;
  lastValue: number;
  breach: Breach | null;
}

/** Walks the observations in time order through the status rule and records breaches. */
export function evaluateSetting(
  setting: ActiveSetting,
  observations: readonly Observation[],
): SettingOutcome | null {
  if (observations.length === 0) return null;
  let status = setting.status;
  let breach: Breach | null = null;
  let firstAt: Date | null = null;
  for (const { ts, value } of observations) {
    status = nextStatus(status, value, setting.limits);
    const limit = breachedLimit(value, setting.limits);
    if (limit === null) continue;
    firstAt ??= ts;
    const limitValue = (limit === 'high' ? setting.limits.high : setting.limits.low) ?? value;
    breach = { firstAt, lastAt: ts, value, limit, limitValue };
  }
  const lastValue = observations[observations.length - 1]!.value;
  return { setting, status, lastValue, breach };
}

/** The setting's value in each of its node's readings (time-ordered), skipping unknown ones. */
export function observationsOf(
  setting: ActiveSetting,
  readings: readonly TimedReading[],
  demand: DemandLookup,
): Observation[] {
  return readings.flatMap((reading) => {
    const demandKw =
      setting.target === 'demand'
        ? (demand(setting.nodeId, demandBlockStart(reading.ts.getTime())) ?? null)
        : null;
    const value = targetValue(setting.target, reading, setting.limits, demandKw);
    return value === null ? [] : [{ ts: reading.ts, value }];
  });
}

/** Readings grouped by node, each group in time order. */
export function readingsByNode(readings: readonly TimedReading[]): Map<number, TimedReading[]> {
  const byNode = new Map<number, TimedReading[]>();
  for (const reading of readings) {
    const list = byNode.get(reading.nodeId) ?? [];
    list.push(reading);
    byNode.set(reading.nodeId, list);
  }
  for (const list of byNode.values()) list.sort((a, b) => a.ts.getTime() - b.ts.getTime());
  return byNode;
}

/** The instant a virtual node's demand is observed at: the newest reading of the batch. */
function newestInstant(readings: readonly TimedReading[]): Date | null {
  let newest: Date | null = null;
  for (const { ts } of readings) if (!newest || ts > newest) newest = ts;
  return newest;
}

/**
 * Every setting's outcome for the batch. A measured node is judged on each of
 * its readings (each completes the block before it); a virtual node's demand
 * once, at the batch's newest instant, on its newest block complete for every
 * member: a batch from one meter must not judge a sum the others have not
 * closed yet (it would understate it).
 */
export function evaluateBatch(
  settings: readonly ActiveSetting[],
  readings: readonly TimedReading[],
  demand: DemandLookup,
  virtualBlocks: VirtualBlocks,
): SettingOutcome[] {
  const byNode = readingsByNode(readings);
  const newest = newestInstant(readings);
  return settings.flatMap((setting) => {
    let observations: Observation[];
    if (setting.isVirtual) {
      const block = virtualBlocks.get(setting.nodeId) ?? null;
      if (setting.target !== 'demand' || !newest || block === null) return [];
      const kw = demand(setting.nodeId, block);
      observations = kw === undefined ? [] : [{ ts: newest, value: kw }];
    } else {
      observations = observationsOf(setting, byNode.get(setting.nodeId) ?? [], demand);
    }
    const outcome = evaluateSetting(setting, observations);
    return outcome ? [outcome] : [];
  });
}

/** The (node, block) pairs whose demand the batch needs. */
export function demandKeys(
  settings: readonly ActiveSetting[],
  readings: readonly TimedReading[],
  virtualBlocks: VirtualBlocks,
): { nodeId: number; blockStart: number }[] {
  const keys = new Map<string, { nodeId: number; blockStart: number }>();
  const add = (nodeId: number, blockStart: number) => {
    keys.set(`${nodeId}@${blockStart}`, { nodeId, blockStart });
  };
  const byNode = readingsByNode(readings);
  for (const setting of settings) {
    if (setting.target !== 'demand') continue;
    if (setting.isVirtual) {
      const block = virtualBlocks.get(setting.nodeId) ?? null;
      if (block !== null && readings.length > 0) add(setting.nodeId, block);
    } else {
      for (const reading of byNode.get(setting.nodeId) ?? []) {
        add(setting.nodeId, demandBlockStart(reading.ts.getTime()));
      }
    }
  }
  return [...keys.values()];
}
