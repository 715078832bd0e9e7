import type { OverviewResponse } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import {
  energyDistribution,
  roundOrNull,
  localDaysOf,
  monthOf,
  reverseEnergyNodes,
  realTimeDemand,
} from '../../monitor/index.ts';
import { buildDetectLine, leafIds } from '../calc/detect-line.ts';
import { devicePowerInfo } from '../calc/power-info.ts';
import { rankPoints } from '../calc/ranking.ts';
import { addDays, type ZoneClock } from '@wattboard/zone-time';
import { latestReadings, type LatestNodeReading } from '../../monitor/index.ts';
import {
  energyTotals,
  maxDemandOverDays,
  quarterHourStart,
  rollupRows,
} from '../../rollups/index.ts';
import { controlsOf, openAlarms } from './controls.ts';
import { activeTreeNodes, factoryRoot } from '../../factory/index.ts';
import { billingPoints } from '../../billing/index.ts';
import { factoryFigures } from './factory-context.ts';
import { powerDiary } from './power-diary.ts';
import { dayOf, usageFigures } from './usage.ts';

/** Days of the Overview's energy-distribution heatmap (today included). */
export const DISTRIBUTION_DAYS = 7;

export type OverviewFigures = Omit<
  OverviewResponse,
  'action' | 'statusCode' | 'email' | 'username' | 'token' | 'dtTokenExpire' | 'message'
>;

/** The reading's total kW, or the sum of its phases' kW when the meter sent no total. */
function meterLatestKw(latest: LatestNodeReading) {
  const phases = Object.values(latest.phases ?? {});
  const phaseSum = phases.length === 0 ? null : phases.reduce((sum, p) => sum + (p?.kw ?? 0), 0);
  return { ts: latest.ts.getTime(), kw: latest.kw ?? phaseSum };
}

const zeroUsage = { kwh: 0, co2: 0, reverseKwh: 0, co2Saving: 0, previousKwh: 0, changeKwh: 0 };

/** The Overview (issue #10) of one factory at `now`, from rollups and latest_readings. */
export async function overviewReport(
  db: Queryable,
  factoryId: number,
  clock: ZoneClock,
  now: number,
): Promise<OverviewFigures> {
  const [nodes, figures] = await Promise.all([
    activeTreeNodes(db, factoryId),
    factoryFigures(db, factoryId, clock),
  ]);
  const root = factoryRoot(nodes);
  const rootIds = root ? [root.id] : [];
  // The factory's energy is every billing point's; demand stays the main point's (the root).
  const pointIds = (await billingPoints(db, factoryId, nodes)).map((point) => point.nodeId);
  const day = dayOf(now, clock);
  const month = monthOf(now, clock);
  const meters = nodes
    .filter((node) => node.type === 'smartMeter')
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const meterIds = meters.map((meter) => meter.id);
  const leaves = leafIds(nodes);
  const week = {
    from: clock.startOfDay(addDays(clock.localParts(now).date, 1 - DISTRIBUTION_DAYS)),
    to: day.to,
  };

  const [usage, rootDemand, monthMax, meterLatest, meterToday, leafDemand, reverse, quarters] =
    await Promise.all([
      root ? usageFigures(db, factoryId, pointIds, now, clock, figures.co2Rates.at(now)) : null,
      realTimeDemand(db, factoryId, rootIds, now),
      maxDemandOverDays(db, factoryId, rootIds, month, {
        from: day.from,
        blocksBefore: quarterHourStart(now),
      }),
      latestReadings(db, factoryId, meterIds),
      energyTotals(db, factoryId, meterIds, day),
      realTimeDemand(db, factoryId, leaves, now),
      reverseEnergyNodes(db, factoryId),
      root ? rollupRows(db, 'rollups_15m', factoryId, root.id, week) : [],
    ]);
  const [controls, alarms, diary] = await Promise.all([
    controlsOf(db, factoryId),
    openAlarms(db, factoryId),
    powerDiary(db, {
      factoryId,
      rootId: root?.id ?? null,
      day,
      month,
      now,
      clock,
      contractCapacityKw: figures.contractCapacityKw,
    }),
  ]);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const empty = { ...zeroUsage, changePercent: null };
  return {
    dtNowFactory: clock.formatIso(now),
    id: factoryId,
    averagePowerUsage: { day: usage?.day ?? empty, month: usage?.month ?? empty },
    demand: {
      valueKW: roundOrNull(root ? (rootDemand.get(root.id) ?? null) : null),
      maxKW: roundOrNull(usage?.dayTotals?.maxDemandKw ?? null),
      monthMaxKW: roundOrNull(root ? (monthMax.get(root.id) ?? null) : null),
      contractCapacityKW: figures.contractCapacityKw,
    },
    detectLine: buildDetectLine(nodes),
    devicePowerInfo: devicePowerInfo(
      meters,
      new Map([...meterLatest].map(([id, latest]) => [id, meterLatestKw(latest)])),
      meterToday,
      figures.co2Rates.at(now),
      now,
    ),
    controls,
    energyDistribution: root
      ? energyDistribution(localDaysOf(week, clock), quarters, clock, now)
      : [],
    pointRanking: rankPoints(
      leaves.map((id) => byId.get(id)!),
      leafDemand,
    ),
    powerDiary: diary,
    openAlarms: alarms,
    hasReverseKWH: root !== null && (reverse.has(root.id) || (usage?.dayTotals?.reverse ?? 0) > 0),
  };
}
