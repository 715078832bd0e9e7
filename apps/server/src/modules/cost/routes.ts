import type { FastifyInstance } from 'fastify';
import { costNode, costSummary, StatusCode } from '@wattboard/contract';
import { consumptionSegments, segmentGridProblem, findFactoryNode } from '../monitor/index.ts';
import { activeTreeNodes } from '../factory/index.ts';
import { billingPoints } from '../billing/index.ts';
import { costNodeReport } from './repo/cost-node.ts';
import { costSummary as costSummaryReport } from './repo/cost-summary.ts';
import { tariffBook } from './repo/tariff-store.ts';
import { nodeTariff } from './repo/node-tariffs.ts';
import { registerFactoryCall } from '../auth/index.ts';
import { deviceNotFoundMessage } from '../../platform/http/not-found-messages.ts';

export interface CostRoutesOptions {
  /** The current instant ("today", "this month"); tests pass a fixed clock. */
  now?: () => Date;
}

/** The range ends at the next midnight, which must still be a date (years up to 9999). */
const LAST_DAY = '9999-12-31';

/**
 * POST /v1/Web/Cost/Summary and /v1/Web/Cost/Node (issue #15): electricity
 * cost priced when read from the 15-minute rollups and the factory's tariff
 * history, for any signed-in user of the factory.
 */
export async function costRoutes(app: FastifyInstance, options: CostRoutesOptions = {}) {
  const now = () => (options.now ? options.now() : new Date()).getTime();

  registerFactoryCall(app, costSummary, async ({ factoryId, clock, ok }) => {
    const [nodes, book] = await Promise.all([
      activeTreeNodes(app.db, factoryId),
      tariffBook(app.db, factoryId),
    ]);
    const summary = await costSummaryReport(app.db, {
      factoryId,
      points: await billingPoints(app.db, factoryId, nodes),
      nodes,
      clock,
      book,
      now: now(),
    });
    return { ...ok, ...summary };
  });

  registerFactoryCall(app, costNode, async ({ body, factoryId, clock, ok, fail }) => {
    const node = await findFactoryNode(app.db, factoryId, body.deviceId);
    if (!node) {
      return fail(StatusCode.IoTDeviceNotFound, deviceNotFoundMessage(body.deviceId));
    }
    // The contract allows years up to 9999; a range past the last day a Date can hold is refused.
    if (body.endDate >= LAST_DAY) {
      return fail(StatusCode.Fail, 'endDate: out of range');
    }
    const gridProblem = body.segmentInfo ? segmentGridProblem(body.segmentInfo) : null;
    if (gridProblem) return fail(StatusCode.Fail, gridProblem);
    const report = await costNodeReport(app.db, {
      factoryId,
      nodeId: node.id,
      startDate: body.startDate,
      endDate: body.endDate,
      interval: body.interval,
      windows: body.segmentInfo
        ? consumptionSegments(body.segmentInfo, clock, now()).segments
        : undefined,
      clock,
      schedule: await nodeTariff(app.db, factoryId, node.id),
      now: now(),
    });
    return { ...ok, ...report };
  });
}
