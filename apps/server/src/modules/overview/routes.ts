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
import { registerFactoryCall } from '../auth/index.ts';
import { deviceNotFoundMessage } from '../../platform/http/not-found-messages.ts';

export interface OverviewRoutesOptions {
  /** The current instant ("today", real-time demand); tests pass a fixed clock. */
  now?: () => Date;
}

/**
 * POST /v1/Web/Overview, /Overview/ConsumeRatio and /Overview/PowerChart
 * (issue #10): the factory at a glance, from rollups and
 * latest_readings (the diary's offline gaps read today's raw readings).
 */
export async function overviewRoutes(app: FastifyInstance, options: OverviewRoutesOptions = {}) {
  const now = () => (options.now ? options.now() : new Date()).getTime();

  registerFactoryCall(app, overview, async ({ factoryId, clock, ok }) => {
    const figures = await overviewReport(app.db, factoryId, clock, now());
    return { ...ok, ...figures };
  });

  registerFactoryCall(app, overviewConsumeRatio, async ({ body, factoryId, clock, ok, fail }) => {
    const { co2Rates } = await factoryFigures(app.db, factoryId, clock);
    const report = await consumeRatioReport(app.db, {
      factoryId,
      startDate: body.startDate,
      endDate: body.endDate,
      channelIdList: body.channelIdList,
      clock,
      co2Rates,
      now: now(),
    });
    if ('unknownId' in report) {
      return fail(
        StatusCode.IoTDeviceNotFound,
        `channelIdList: ${deviceNotFoundMessage(report.unknownId)}`,
      );
    }
    return { ...ok, ...report };
  });

  registerFactoryCall(app, overviewPowerChart, async ({ body, factoryId, clock, ok }) => {
    const at = now();
    const date = body.date ?? clock.localParts(at).date;
    const [chart, figures] = await Promise.all([
      powerChartReport(app.db, factoryId, date, clock, at),
      factoryFigures(app.db, factoryId, clock),
    ]);
    return {
      ...ok,
      factoryId,
      targetDate: date,
      dtNowFactory: clock.formatIso(at),
      ...chart,
      contractCapacityKW: figures.contractCapacityKw,
    };
  });
}
