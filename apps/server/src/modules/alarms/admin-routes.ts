import type { FastifyInstance } from 'fastify';
import {
  ADMIN_EVENT_EXPORT_PATH,
  ADMIN_MESSAGES,
  adminEventExportRequest,
  adminEventList,
  StatusCode,
} from '@wattboard/contract';
import { registerAdminCall, registerAdminExport } from '../auth/index.ts';
import { exportFileNameFor } from '../audit/index.ts';
import { dayRangeInstants } from '../../platform/db/day-range.ts';
import { eventCells, eventLayout } from './event-csv.ts';
import { mapPages, sendCsv } from '../../platform/http/csv-download.ts';
import { ZoneClock } from '@wattboard/zone-time';
import { sendError } from '../../platform/http/error-handler.ts';
import { eventPages, isFactoryNode, listEvents, type EventFilter } from './repo/events-admin.ts';

interface EventFilterFields {
  from?: string | undefined;
  to?: string | undefined;
  nodeId?: number | undefined;
  target?: string | undefined;
  state?: 'unresolved' | 'resolved' | undefined;
}

const filterOf = (body: EventFilterFields, timeZone: string): EventFilter => ({
  range: dayRangeInstants(body, timeZone),
  nodeId: body.nodeId,
  target: body.target,
  state: body.state,
});

/** Alarm events: a filtered page with who cleared what, and every row as CSV. */
export async function adminEventRoutes(app: FastifyInstance) {
  const foreignNode = async (factoryId: number, nodeId: number | undefined) =>
    nodeId !== undefined && !(await isFactoryNode(app.db, factoryId, nodeId));

  registerAdminCall(app, adminEventList, async ({ body, auth, factoryId, ok, fail }) => {
    if (await foreignNode(factoryId, body.nodeId)) {
      return fail(StatusCode.IoTDeviceNotFound, ADMIN_MESSAGES.nodeNotFound);
    }
    const page = await listEvents(app.db, factoryId, filterOf(body, auth.factory.timeZone), body);
    return { ...ok, ...page };
  });

  registerAdminExport(
    app,
    ADMIN_EVENT_EXPORT_PATH,
    'Admin: alarm events as CSV (bearer token)',
    adminEventExportRequest,
    async ({ request, reply, body, auth, factoryId }) => {
      if (await foreignNode(factoryId, body.nodeId)) {
        return sendError(request, reply, 404, {
          statusCode: StatusCode.IoTDeviceNotFound,
          message: ADMIN_MESSAGES.nodeNotFound,
        });
      }
      const clock = new ZoneClock(auth.factory.timeZone);
      const pages = eventPages(app.db, factoryId, filterOf(body, auth.factory.timeZone));
      return sendCsv(
        reply,
        exportFileNameFor('alarm-events', body),
        eventLayout(body.lang),
        mapPages(pages, (event) => eventCells(event, body.lang, clock)),
      );
    },
  );
}
