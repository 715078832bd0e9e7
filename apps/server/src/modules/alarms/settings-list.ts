/**
 * The settings call's answers: every target of a node with its setting (or
 * the defaults), its latest value, and the checks on what a client saves.
 */
import type { AlarmItem, AlarmSetting, AlarmTarget } from '@wattboard/contract';
import type { Queryable } from '../../platform/db/db.ts';
import { roundOrNull, latestReadings, realTimeDemand } from '../monitor/index.ts';
import { nodeSettings, type StoredSetting } from './repo/settings.ts';
import { ALARM_TARGETS, TARGET_UNITS, targetValue, type MeasuredValues } from './targets.ts';

/** A target never saved: not watched, no limits. */
function defaultSetting(target: AlarmTarget): StoredSetting {
  return {
    target,
    isActivated: false,
    low: null,
    high: null,
    alertStatus: 'normal',
    lastHappenedAt: null,
  };
}

/** All eight targets in their fixed order, filled from the stored settings and latest values. */
export function alarmItems(
  stored: ReadonlyMap<AlarmTarget, StoredSetting>,
  latest: MeasuredValues | null,
  demandKw: number | null,
): AlarmItem[] {
  return ALARM_TARGETS.map((target) => {
    const setting = stored.get(target) ?? defaultSetting(target);
    const threshold = { low: setting.low, high: setting.high };
    return {
      isActivated: setting.isActivated,
      target,
      data: roundOrNull(targetValue(target, latest, threshold, demandKw)),
      dataUnit: TARGET_UNITS[target],
      threshold,
      alertStatus: setting.alertStatus,
      lastHappenedTime: setting.lastHappenedAt?.toISOString() ?? null,
    };
  });
}

/** Loads what alarmItems needs for one node of the factory. */
export async function loadAlarmItems(
  db: Queryable,
  factoryId: number,
  nodeId: number,
  now: number,
): Promise<AlarmItem[]> {
  const [stored, latest, demand] = await Promise.all([
    nodeSettings(db, factoryId, nodeId),
    latestReadings(db, factoryId, [nodeId]),
    realTimeDemand(db, factoryId, [nodeId], now),
  ]);
  const reading = latest.get(nodeId);
  const values: MeasuredValues | null = reading
    ? {
        phases: reading.phases,
        kw: reading.kw,
        frequency: reading.frequency,
        temperature: reading.temperature,
      }
    : null;
  return alarmItems(stored, values, demand.get(nodeId) ?? null);
}

/**
 * A second guard on saved limits: the contract's written-limit rule already
 * turns "Infinity" / "-Infinity" into null (no limit) and refuses garbage,
 * so an infinite value here means a caller skipped the contract. Returns the
 * first problem, naming the field, or null.
 */
export function thresholdProblem(alarms: readonly AlarmSetting[]): string | null {
  for (const [index, alarm] of alarms.entries()) {
    for (const side of ['low', 'high'] as const) {
      const value = alarm.threshold[side];
      if (value !== null && !Number.isFinite(value)) {
        return `alarms.${index}.threshold.${side}: must be a finite number or null`;
      }
    }
  }
  return null;
}
