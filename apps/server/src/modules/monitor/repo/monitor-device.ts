import type { EnergyDistributionEntry, MonitorChannel } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { energyDistribution } from '../calc/distribution.ts';
import { phaseBalance, phaseReadings } from '../calc/phase-readings.ts';
import { roundMeasure, roundOrNull } from '../calc/rounding.ts';
import { localDaysOf, monthOf, type InstantRange } from '../calc/time-range.ts';
import type { ZoneClock } from '@wattboard/zone-time';
import { latestReadings, type LatestNodeReading } from './latest-readings.ts';
import { childNodes, reverseEnergyNodes, type MonitorNode } from './monitor-nodes.ts';
import { realTimeDemandWithMembers } from './real-time-demand.ts';
import { type AnswerWindow, deviceAnswerWindow } from '../calc/answer-window.ts';
import { maxDemandOverDays, quarterHourStart, rollupRows } from '../../rollups/index.ts';
import {
  type Co2Rates,
  energyTotalsWithCo2,
  type EnergyTotalsWithCo2,
} from '../../carbon/index.ts';

export interface MonitorQuery {
  factoryId: number;
  node: MonitorNode;
  range: InstantRange;
  clock: ZoneClock;
  now: number;
  co2Rates: Co2Rates;
}

export interface MonitorDeviceReport {
  deviceid: number;
  description: string;
  channelList: MonitorChannel[];
  energyDistribution: EnergyDistributionEntry[];
}

interface ChannelFigures {
  totals: EnergyTotalsWithCo2 | undefined;
  monthMaxKw: number | undefined;
  realTimeKw: number | undefined;
  latest: LatestNodeReading | undefined;
  reverseCapable: boolean;
}

function channelOf(node: MonitorNode, figures: ChannelFigures): MonitorChannel {
  const forward = figures.totals?.forward ?? 0;
  const reverse = figures.totals?.reverse ?? 0;
  const net = forward - reverse;
  const latest = figures.latest ?? null;
  return {
    id: node.id,
    chName: node.chName,
    name: node.name,
    breakerType: node.breakerType,
    // The measured frequency when there is a reading, else the node's nominal one.
    frequencyHz: roundOrNull(latest?.frequency ?? node.frequencyHz),
    isVirtual: node.type === 'virtual',
    hasReverseKWH: node.hasReverseKwh || figures.reverseCapable || reverse > 0,
    positiveKWH: roundMeasure(forward),
    reverseKWH: roundMeasure(reverse),
    valueKWH: roundMeasure(net),
    co2KG: roundMeasure(figures.totals?.co2 ?? 0),
    demand: {
      valueKw: roundOrNull(figures.realTimeKw ?? null),
      monthMaxKw: roundOrNull(figures.monthMaxKw ?? null),
      maxKw: roundOrNull(figures.totals?.maxDemandKw ?? null),
    },
    channels: phaseReadings(node.wiring, latest),
    balance: phaseBalance(node.wiring, latest),
  };
}

/**
 * The monitor-device answer, and the window of instants over which it holds
 * while its data is unchanged (for the answer cache): the node followed by its direct children, each
 * with its latest per-phase values, the range's energy and CO2, and its demand
 * (latest complete 15-minute block, this local month's highest, the range's
 * highest: maxima of complete blocks only, as a utility bills them); and the
 * node's energy-distribution heatmap for the range.
 */
export async function monitorDeviceReport(
  db: Queryable,
  query: MonitorQuery,
): Promise<{ report: MonitorDeviceReport; window: AnswerWindow }> {
  const { factoryId, node, range, clock, now } = query;
  const nodes = [node, ...(await childNodes(db, factoryId, node.id))];
  const ids = nodes.map((entry) => entry.id);
  const blocksBefore = quarterHourStart(now);
  const [totals, monthMax, realTime, latest, reverseCapable, quarters] = await Promise.all([
    energyTotalsWithCo2(db, factoryId, ids, range, { rates: query.co2Rates, clock }, blocksBefore),
    maxDemandOverDays(db, factoryId, ids, monthOf(now, clock), {
      from: clock.startOfDay(clock.localParts(now).date),
      blocksBefore,
    }),
    realTimeDemandWithMembers(db, factoryId, ids, now),
    latestReadings(db, factoryId, ids),
    reverseEnergyNodes(db, factoryId),
    rollupRows(db, 'rollups_15m', factoryId, node.id, range),
  ]);
  const report = {
    deviceid: node.id,
    description: node.name,
    channelList: nodes.map((entry) =>
      channelOf(entry, {
        totals: totals.get(entry.id),
        monthMaxKw: monthMax.get(entry.id),
        realTimeKw: realTime.demand.get(entry.id),
        latest: latest.get(entry.id),
        reverseCapable: reverseCapable.has(entry.id),
      }),
    ),
    energyDistribution: energyDistribution(localDaysOf(range, clock), quarters, clock, now),
  };
  return { report, window: deviceAnswerWindow(now, realTime.memberTimes) };
}
