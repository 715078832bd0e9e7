import type { FastifyInstance } from 'fastify';
import {
  consumptionQuery,
  monitorDevice,
  monitorPowerDetail,
  StatusCode,
} from '@wattboard/contract';
import { type BusinessFailure, registerFactoryCall } from '../auth/index.ts';
import { checkResolution } from './calc/buckets.ts';
import { civilDay, DAY_MS, type ZoneClock } from '@wattboard/zone-time';
import {
  fitsWithinDays,
  MONITOR_RANGE_LIMIT_DAYS,
  offGridProblem,
  resolveTimeRange,
  type InstantRange,
} from './calc/time-range.ts';
import { segmentGridProblem } from './calc/consumption.ts';
import { consumptionReport } from './repo/consumption-query.ts';
import { monitorDeviceReport, type MonitorQuery } from './repo/monitor-device.ts';
import { findFactoryNode, type MonitorNode } from './repo/monitor-nodes.ts';
import { type Co2Rates, loadCo2Rates } from '../carbon/index.ts';
import { powerDetailReport } from './repo/power-detail.ts';
import { deviceNotFoundMessage } from '../../platform/http/not-found-messages.ts';
import { AnswerCache } from './answer-cache.ts';
import { answerThroughCache } from './cached-answer.ts';
import { quarterHourWindow, TIMELESS } from './calc/answer-window.ts';

export interface MonitorRoutesOptions {
  /** The current instant ("today", real-time demand); tests pass a fixed clock. */
  now?: () => Date;
  /** Where Monitor/Device, Power/Detail and ConsumptionQuery answers are kept; tests pass one. */
  answers?: AnswerCache;
}

interface Target {
  factoryId: number;
  node: MonitorNode;
  clock: ZoneClock;
  co2Rates: Co2Rates;
}

const RANGE_TOO_LONG = `timeRange: a range covers at most ${MONITOR_RANGE_LIMIT_DAYS} days.`;

/** The node in the caller's factory (1009 otherwise), with what every monitor answer needs. */
async function findTarget(
  app: FastifyInstance,
  factoryId: number,
  clock: ZoneClock,
  deviceId: number,
  fail: (statusCode: typeof StatusCode.IoTDeviceNotFound, message: string) => BusinessFailure,
): Promise<Target | BusinessFailure> {
  const node = await findFactoryNode(app.db, factoryId, deviceId);
  if (!node) return fail(StatusCode.IoTDeviceNotFound, deviceNotFoundMessage(deviceId));
  const co2Rates = await loadCo2Rates(app.db, factoryId, clock);
  return { factoryId, node, clock, co2Rates };
}

/** The request's range as instants, or why it cannot be answered. */
function rangeOf(
  timeRange: { start: string; end: string },
  clock: ZoneClock,
): InstantRange | string {
  const range = resolveTimeRange(timeRange, clock);
  if (range.to <= range.from) return 'timeRange: end must be after start.';
  const offGrid = offGridProblem(range, 'timeRange');
  if (offGrid) return offGrid;
  if (!fitsWithinDays(range, MONITOR_RANGE_LIMIT_DAYS)) return RANGE_TOO_LONG;
  return range;
}

/**
 * POST /v1/Web/Monitor/Device, /Device/Power/Detail and /Device/ConsumptionQuery:
 * one node of the caller's factory, read from rollups (and, for
 * 1- and 5-minute charts, from raw readings of short ranges). Range bounds
 * and consumption-query times must be quarter hours, so all three calls
 * answer the same energy for the same range (issue #9).
 */
export async function monitorRoutes(app: FastifyInstance, options: MonitorRoutesOptions = {}) {
  const now = () => (options.now ? options.now() : new Date()).getTime();

  // One cache for the three calls; every answer in it is stamped with its factory's data.
  const answers = options.answers ?? new AnswerCache();

  registerFactoryCall(app, monitorDevice, ({ body, factoryId, clock, ok, fail, reply }) => {
    const at = now();
    const { start, end } = body.timeRange;
    return answerThroughCache(app, answers, {
      call: monitorDevice,
      reply,
      ok,
      factoryId,
      now: at,
      key: JSON.stringify([body.deviceId, start, end]),
      compute: async () => {
        const target = await findTarget(app, factoryId, clock, body.deviceId, fail);
        if ('statusCode' in target) return target;
        const range = rangeOf(body.timeRange, target.clock);
        if (typeof range === 'string') return fail(StatusCode.Fail, range);
        const query: MonitorQuery = { ...target, range, now: at };
        const { report, window } = await monitorDeviceReport(app.db, query);
        return { data: report, window };
      },
    });
  });

  registerFactoryCall(app, monitorPowerDetail, ({ body, factoryId, clock, ok, fail, reply }) => {
    const at = now();
    const { start, end } = body.timeRange;
    return answerThroughCache(app, answers, {
      call: monitorPowerDetail,
      reply,
      ok,
      factoryId,
      now: at,
      key: JSON.stringify([body.deviceId, start, end, body.resolution]),
      compute: async () => {
        const target = await findTarget(app, factoryId, clock, body.deviceId, fail);
        if ('statusCode' in target) return target;
        const range = rangeOf(body.timeRange, target.clock);
        const resolution =
          typeof range === 'string' ? range : checkResolution(body.resolution, range);
        if (typeof range === 'string' || typeof resolution === 'string') {
          return fail(StatusCode.Fail, String(resolution));
        }
        const query: MonitorQuery = { ...target, range, now: at };
        // A chart of a given range does not read the clock: it changes only with its data.
        return {
          data: { energyChart: await powerDetailReport(app.db, query, resolution) },
          window: TIMELESS,
        };
      },
    });
  });

  registerFactoryCall(app, consumptionQuery, ({ body, factoryId, clock, ok, fail, reply }) => {
    const at = now();
    return answerThroughCache(app, answers, {
      call: consumptionQuery,
      reply,
      ok,
      factoryId,
      now: at,
      key: JSON.stringify([body.deviceId, body.segmentInfo]),
      compute: async () => {
        const target = await findTarget(app, factoryId, clock, body.deviceId, fail);
        if ('statusCode' in target) return target;
        const { startDate, endDate } = body.segmentInfo.dateRange;
        const days = (civilDay(endDate) - civilDay(startDate)) / DAY_MS + 1;
        const problem =
          days > MONITOR_RANGE_LIMIT_DAYS
            ? `segmentInfo.dateRange: a range covers at most ${MONITOR_RANGE_LIMIT_DAYS} days.`
            : segmentGridProblem(body.segmentInfo);
        if (problem) return fail(StatusCode.Fail, problem);
        const query = { ...target, segmentInfo: body.segmentInfo, now: at };
        // The clock counts only in the days so far (a local midnight passed), so a quarter hour.
        return { data: await consumptionReport(app.db, query), window: quarterHourWindow(at) };
      },
    });
  });
}
