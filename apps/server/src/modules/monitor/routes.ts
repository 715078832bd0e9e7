import type { FastifyInstance } from 'fastify';
import {
  consumptionQuery,
  monitorDevice,
  monitorPowerDetail,
  StatusCode,
  type CallDefinition,
} from '@wattboard/contract';
import type { AuthContext } from '../auth/index.ts';
import { resolveFactoryId } from '../auth/index.ts';
import { checkResolution } from './calc/buckets.ts';
import { civilDay, DAY_MS, ZoneClock } from '../../platform/time/zone-time.ts';
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
import { factoryCo2Factor, findFactoryNode, type MonitorNode } from './repo/monitor-nodes.ts';
import { powerDetailReport } from './repo/power-detail.ts';
import { businessFailure, okEnvelope, registerCall, type BusinessFailure } from '../auth/index.ts';
import { FACTORY_NOT_FOUND_MESSAGE } from '../../platform/http/not-found-messages.ts';
import { deviceNotFoundMessage } from '../../platform/http/not-found-messages.ts';

export interface MonitorRoutesOptions {
  /** The current instant ("today", real-time demand); tests pass a fixed clock. */
  now?: () => Date;
}

interface Target {
  factoryId: number;
  node: MonitorNode;
  clock: ZoneClock;
  co2Factor: number;
}

function requireAuth(auth: AuthContext | null, call: CallDefinition): AuthContext {
  if (!auth) throw new Error(`${call.path} reached without authentication`);
  return auth;
}

const RANGE_TOO_LONG = `timeRange: a range covers at most ${MONITOR_RANGE_LIMIT_DAYS} days.`;

/** The factory (1008 unless the caller's own) and the node in it (1009 otherwise). */
async function findTarget(
  app: FastifyInstance,
  call: CallDefinition,
  auth: AuthContext,
  body: { factoryId: number; deviceId: number },
): Promise<Target | BusinessFailure> {
  const factoryId = resolveFactoryId(body.factoryId, auth.factory.id);
  if (factoryId === null) {
    return businessFailure(call.path, auth, StatusCode.FactoryNotFound, FACTORY_NOT_FOUND_MESSAGE);
  }
  const node = await findFactoryNode(app.db, factoryId, body.deviceId);
  if (!node) {
    return businessFailure(
      call.path,
      auth,
      StatusCode.IoTDeviceNotFound,
      deviceNotFoundMessage(body.deviceId),
    );
  }
  const co2Factor = await factoryCo2Factor(app.db, factoryId);
  return { factoryId, node, clock: new ZoneClock(auth.factory.timeZone), co2Factor };
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
 * POST /v1/Web/Monitor/Device, /Device/Power/Detail and /Device/ConsumptionQuery
 * (spec §7): one node of the caller's factory, read from rollups (and, for
 * 1- and 5-minute charts, from raw readings of short ranges). Range bounds
 * and consumption-query times must be quarter hours, so all three calls
 * answer the same energy for the same range (issue #9).
 */
export async function monitorRoutes(app: FastifyInstance, options: MonitorRoutesOptions = {}) {
  const now = () => (options.now ? options.now() : new Date()).getTime();

  registerCall(app, monitorDevice, async ({ body, auth: maybeAuth }) => {
    const auth = requireAuth(maybeAuth, monitorDevice);
    const target = await findTarget(app, monitorDevice, auth, body);
    if ('statusCode' in target) return target;
    const range = rangeOf(body.timeRange, target.clock);
    if (typeof range === 'string') {
      return businessFailure(monitorDevice.path, auth, StatusCode.Fail, range);
    }
    const query: MonitorQuery = { ...target, range, now: now() };
    return {
      ...okEnvelope(monitorDevice.path, auth),
      ...(await monitorDeviceReport(app.db, query)),
    };
  });

  registerCall(app, monitorPowerDetail, async ({ body, auth: maybeAuth }) => {
    const auth = requireAuth(maybeAuth, monitorPowerDetail);
    const target = await findTarget(app, monitorPowerDetail, auth, body);
    if ('statusCode' in target) return target;
    const range = rangeOf(body.timeRange, target.clock);
    const resolution = typeof range === 'string' ? range : checkResolution(body.resolution, range);
    if (typeof range === 'string' || typeof resolution === 'string') {
      return businessFailure(monitorPowerDetail.path, auth, StatusCode.Fail, String(resolution));
    }
    const query: MonitorQuery = { ...target, range, now: now() };
    const energyChart = await powerDetailReport(app.db, query, resolution);
    return { ...okEnvelope(monitorPowerDetail.path, auth), energyChart };
  });

  registerCall(app, consumptionQuery, async ({ body, auth: maybeAuth }) => {
    const auth = requireAuth(maybeAuth, consumptionQuery);
    const target = await findTarget(app, consumptionQuery, auth, body);
    if ('statusCode' in target) return target;
    const { startDate, endDate } = body.segmentInfo.dateRange;
    const days = (civilDay(endDate) - civilDay(startDate)) / DAY_MS + 1;
    const problem =
      days > MONITOR_RANGE_LIMIT_DAYS
        ? `segmentInfo.dateRange: a range covers at most ${MONITOR_RANGE_LIMIT_DAYS} days.`
        : segmentGridProblem(body.segmentInfo);
    if (problem) return businessFailure(consumptionQuery.path, auth, StatusCode.Fail, problem);
    const summary = await consumptionReport(app.db, {
      ...target,
      segmentInfo: body.segmentInfo,
      now: now(),
    });
    return { ...okEnvelope(consumptionQuery.path, auth), ...summary };
  });
}
