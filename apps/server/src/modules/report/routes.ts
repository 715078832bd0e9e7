import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  channelReport,
  REPORT_ROW_CAP,
  reportEnergy,
  StatusCode,
  type CallDefinition,
} from '@wattboard/contract';
import {
  type AuthContext,
  businessFailure,
  okEnvelope,
  registerCallerCall,
} from '../auth/index.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import { decodeCursor, encodeCursor } from './calc/cursor.ts';
import { energyRange, readingsRange } from './calc/report-range.ts';
import { toReportRow } from './calc/report-row.ts';
import { exportRoutes } from './export-routes.ts';
import { channelListOf } from './repo/meter-channels.ts';
import { energyView } from './repo/energy-view.ts';
import { countUpTo, readingsPage } from './repo/readings-page.ts';
import { findReportTarget, meterNotFoundMessage, type TargetResult } from './repo/report-target.ts';
import { FACTORY_NOT_FOUND_MESSAGE } from '../../platform/http/not-found-messages.ts';

export const CAP_MESSAGE =
  `The range holds more than ${REPORT_ROW_CAP.toLocaleString('en')} readings, the most one ` +
  'answer holds. Choose a shorter range, page through it (pageSize and after), or use Export CSV ' +
  'or Export Excel, which take any range.';

/** 1008 for another factory, 1010 for a meter not in the factory (HTTP 200). */
export function missingTarget(
  call: CallDefinition,
  auth: AuthContext,
  result: Exclude<TargetResult, { target: unknown }>,
) {
  return result.missing === 'factory'
    ? businessFailure(call.path, auth, StatusCode.FactoryNotFound, FACTORY_NOT_FOUND_MESSAGE)
    : businessFailure(
        call.path,
        auth,
        StatusCode.SmartMeterNotFound,
        meterNotFoundMessage(result.meterId),
      );
}

/** A range the contract's format checks pass but the call cannot answer: HTTP 400 naming the field. */
export function badRange(request: FastifyRequest, reply: FastifyReply, message: string) {
  return sendError(request, reply, 400, { statusCode: StatusCode.Fail, message });
}

const callerOf = (auth: AuthContext) => ({
  factoryId: auth.factory.id,
  timeZone: auth.factory.timeZone,
});

/**
 * The Report page (issue #11): the raw meter records (capped, or paged with
 * a keyset cursor), the energy view from the rollups, and the exports.
 */
export async function reportRoutes(app: FastifyInstance) {
  registerCallerCall(app, channelReport, async ({ body, auth, request, reply }) => {
    const found = await findReportTarget(app.db, callerOf(auth), body);
    if (!('target' in found)) return missingTarget(channelReport, auth, found);
    const { target } = found;
    const resolved = readingsRange(body, target.clock);
    if ('problem' in resolved) return badRange(request, reply, resolved.problem);
    const after = body.after ? decodeCursor(body.after) : null;
    if (body.after && !after) return badRange(request, reply, 'after: not a report cursor.');
    const limit = body.pageSize ?? REPORT_ROW_CAP;
    const query = {
      factoryId: target.factoryId,
      nodeIds: target.channels.map((channel) => channel.id),
      range: resolved.range,
      after,
      limit: limit + 1,
    };
    if (body.pageSize === undefined && (await countUpTo(app.db, query, limit + 1)) > limit) {
      return businessFailure(channelReport.path, auth, StatusCode.Fail, CAP_MESSAGE);
    }
    const readings = await readingsPage(app.db, query);
    const more = readings.length > limit;
    const page = readings.slice(0, limit);
    const channels = new Map(target.channels.map((channel) => [channel.id, channel]));
    const last = page.at(-1);
    return {
      ...okEnvelope(channelReport.path, auth),
      channelList: channelListOf(target.meter.channels),
      reportList: page.map((reading) =>
        toReportRow(reading, channels.get(reading.nodeId)!, target.meter.id, target.clock),
      ),
      nextCursor:
        more && last ? encodeCursor({ ts: last.ts.getTime(), nodeId: last.nodeId }) : null,
    };
  });

  registerCallerCall(app, reportEnergy, async ({ body, auth, request, reply }) => {
    const found = await findReportTarget(app.db, callerOf(auth), body);
    if (!('target' in found)) return missingTarget(reportEnergy, auth, found);
    const { target } = found;
    const resolved = energyRange(body, body.interval, target.clock);
    if ('problem' in resolved) return badRange(request, reply, resolved.problem);
    const view = await energyView(app.db, target, resolved.range, body.interval);
    return {
      ...okEnvelope(reportEnergy.path, auth),
      channelList: channelListOf(target.meter.channels),
      ...view,
    };
  });

  await exportRoutes(app);
}
