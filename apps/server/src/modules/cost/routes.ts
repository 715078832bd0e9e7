import type { FastifyInstance } from 'fastify';
import { costNode, costSummary, StatusCode } from '@wattboard/contract';
import { consumptionSegments, segmentGridProblem } from '../monitor/index.ts';
import { factoryRoot } from '../overview/index.ts';
import { costNodeReport } from './repo/cost-node.ts';
import { costSummary as costSummaryReport } from './repo/cost-summary.ts';
import { tariffSchedule } from './repo/tariff-store.ts';
import { findFactoryNode } from '../monitor/index.ts';
import { factoryFigures, factoryNodes } from '../overview/index.ts';
import { businessFailure, okEnvelope, registerCall } from '../auth/index.ts';
import { factoryCallerOf } from '../auth/index.ts';
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

  registerCall(app, costSummary, async ({ body, auth }) => {
    const caller = factoryCallerOf(costSummary, auth, body.factoryId);
    if ('statusCode' in caller) return caller;
    const [nodes, figures, schedule] = await Promise.all([
      factoryNodes(app.db, caller.factoryId),
      factoryFigures(app.db, caller.factoryId),
      tariffSchedule(app.db, caller.factoryId),
    ]);
    const summary = await costSummaryReport(app.db, {
      factoryId: caller.factoryId,
      rootId: factoryRoot(nodes)?.id ?? null,
      contractCapacityKw: figures.contractCapacityKw,
      clock: caller.clock,
      schedule,
      now: now(),
    });
    return { ...okEnvelope(costSummary.path, caller.auth), ...summary };
  });

  registerCall(app, costNode, async ({ body, auth }) => {
    const caller = factoryCallerOf(costNode, auth, body.factoryId);
    if ('statusCode' in caller) return caller;
    const node = await findFactoryNode(app.db, caller.factoryId, body.deviceId);
    if (!node) {
      return businessFailure(
        costNode.path,
        caller.auth,
        StatusCode.IoTDeviceNotFound,
        deviceNotFoundMessage(body.deviceId),
      );
    }
    // The contract allows years up to 9999; a range past the last day a Date can hold is refused.
    if (body.endDate >= LAST_DAY) {
      return businessFailure(costNode.path, caller.auth, StatusCode.Fail, 'endDate: out of range');
    }
    const gridProblem = body.segmentInfo ? segmentGridProblem(body.segmentInfo) : null;
    if (gridProblem)
      return businessFailure(costNode.path, caller.auth, StatusCode.Fail, gridProblem);
    const report = await costNodeReport(app.db, {
      factoryId: caller.factoryId,
      nodeId: node.id,
      startDate: body.startDate,
      endDate: body.endDate,
      interval: body.interval,
      windows: body.segmentInfo
        ? consumptionSegments(body.segmentInfo, caller.clock, now()).segments
        : undefined,
      clock: caller.clock,
      schedule: await tariffSchedule(app.db, caller.factoryId),
      now: now(),
    });
    return { ...okEnvelope(costNode.path, caller.auth), ...report };
  });
}
