import type { FastifyInstance } from 'fastify';
import {
  overview,
  overviewConsumeRatio,
  overviewPowerChart,
  StatusCode,
  type CallDefinition,
} from '@wattboard/contract';
import type { AuthContext } from '../plugins/auth.ts';
import { resolveFactoryId } from '../domain/factory-access.ts';
import { ZoneClock } from '../domain/zone-time.ts';
import { consumeRatioReport } from '../queries/overview/consume-ratio.ts';
import { factoryFigures } from '../queries/overview/factory-context.ts';
import { overviewReport } from '../queries/overview/overview-report.ts';
import { powerChartReport } from '../queries/overview/power-chart.ts';
import { businessFailure, okEnvelope, registerCall, type BusinessFailure } from './call-route.ts';
import { FACTORY_NOT_FOUND_MESSAGE } from './channel.ts';
import { deviceNotFoundMessage } from './monitor.ts';

export interface OverviewRoutesOptions {
  /** The current instant ("today", real-time demand); tests pass a fixed clock. */
  now?: () => Date;
}

interface Caller {
  auth: AuthContext;
  factoryId: number;
  clock: ZoneClock;
}

/** The caller and the factory asked for (1008 unless it is the caller's own). */
function callerOf(
  call: CallDefinition,
  auth: AuthContext | null,
  requestedFactoryId: number,
): Caller | BusinessFailure {
  if (!auth) throw new Error(`${call.path} reached without authentication`);
  const factoryId = resolveFactoryId(requestedFactoryId, auth.factory.id);
  if (factoryId === null) {
    return businessFailure(call.path, auth, StatusCode.FactoryNotFound, FACTORY_NOT_FOUND_MESSAGE);
  }
  return { auth, factoryId, clock: new ZoneClock(auth.factory.timeZone) };
}

/**
 * POST /v1/Web/Overview, /Overview/ConsumeRatio and /Overview/PowerChart
 * (spec §3, §7; issue #10): the factory at a glance, from rollups and
 * latest_readings (the diary's offline gaps read today's raw readings).
 */
export async function overviewRoutes(app: FastifyInstance, options: OverviewRoutesOptions = {}) {
  const now = () => (options.now ? options.now() : new Date()).getTime();

  registerCall(app, overview, async ({ body, auth }) => {
    const caller = callerOf(overview, auth, body.factoryId);
    if ('statusCode' in caller) return caller;
    const figures = await overviewReport(app.db, caller.factoryId, caller.clock, now());
    return { ...okEnvelope(overview.path, caller.auth), ...figures };
  });

  registerCall(app, overviewConsumeRatio, async ({ body, auth }) => {
    const caller = callerOf(overviewConsumeRatio, auth, body.factoryId);
    if ('statusCode' in caller) return caller;
    const { co2Factor } = await factoryFigures(app.db, caller.factoryId);
    const report = await consumeRatioReport(app.db, {
      factoryId: caller.factoryId,
      startDate: body.startDate,
      endDate: body.endDate,
      channelIdList: body.channelIdList,
      clock: caller.clock,
      co2Factor,
    });
    if ('unknownId' in report) {
      return businessFailure(
        overviewConsumeRatio.path,
        caller.auth,
        StatusCode.IoTDeviceNotFound,
        `channelIdList: ${deviceNotFoundMessage(report.unknownId)}`,
      );
    }
    return { ...okEnvelope(overviewConsumeRatio.path, caller.auth), ...report };
  });

  registerCall(app, overviewPowerChart, async ({ body, auth }) => {
    const caller = callerOf(overviewPowerChart, auth, body.factoryId);
    if ('statusCode' in caller) return caller;
    const at = now();
    const date = body.date ?? caller.clock.localParts(at).date;
    const [chart, figures] = await Promise.all([
      powerChartReport(app.db, caller.factoryId, date, caller.clock, at),
      factoryFigures(app.db, caller.factoryId),
    ]);
    return {
      ...okEnvelope(overviewPowerChart.path, caller.auth),
      factoryId: caller.factoryId,
      targetDate: date,
      dtNowFactory: caller.clock.formatIso(at),
      ...chart,
      contractCapacityKW: figures.contractCapacityKw,
    };
  });
}
