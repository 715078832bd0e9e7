import type { FastifyInstance } from 'fastify';
import {
  overview,
  overviewConsumeRatio,
  overviewPowerChart,
  StatusCode,
} from '@wattboard/contract';
import { consumeRatioReport } from './repo/consume-ratio.ts';
import { factoryFigures } from './repo/factory-context.ts';
import { overviewReport } from './repo/overview-report.ts';
import { powerChartReport } from './repo/power-chart.ts';
import { businessFailure, okEnvelope, registerCall } from '../auth/index.ts';
import { factoryCallerOf } from '../auth/index.ts';
import { deviceNotFoundMessage } from '../../platform/http/not-found-messages.ts';

export interface OverviewRoutesOptions {
  /** The current instant ("today", real-time demand); tests pass a fixed clock. */
  now?: () => Date;
}

/**
 * POST /v1/Web/Overview, /Overview/ConsumeRatio and /Overview/PowerChart
 * (spec §3, §7; issue #10): the factory at a glance, from rollups and
 * latest_readings (the diary's offline gaps read today's raw readings).
 */
export async function overviewRoutes(app: FastifyInstance, options: OverviewRoutesOptions = {}) {
  const now = () => (options.now ? options.now() : new Date()).getTime();

  registerCall(app, overview, async ({ body, auth }) => {
    const caller = factoryCallerOf(overview, auth, body.factoryId);
    if ('statusCode' in caller) return caller;
    const figures = await overviewReport(app.db, caller.factoryId, caller.clock, now());
    return { ...okEnvelope(overview.path, caller.auth), ...figures };
  });

  registerCall(app, overviewConsumeRatio, async ({ body, auth }) => {
    const caller = factoryCallerOf(overviewConsumeRatio, auth, body.factoryId);
    if ('statusCode' in caller) return caller;
    const { co2Factor } = await factoryFigures(app.db, caller.factoryId);
    const report = await consumeRatioReport(app.db, {
      factoryId: caller.factoryId,
      startDate: body.startDate,
      endDate: body.endDate,
      channelIdList: body.channelIdList,
      clock: caller.clock,
      co2Factor,
      now: now(),
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
    const caller = factoryCallerOf(overviewPowerChart, auth, body.factoryId);
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
