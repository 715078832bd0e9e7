import type { FastifyInstance } from 'fastify';
import {
  ADMIN_AUDIT_EXPORT_PATH,
  adminAuditExportRequest,
  adminAuditList,
} from '@wattboard/contract';
import { registerAdminCall, registerAdminExport } from '../auth/index.ts';
import { auditCells, auditLayout, exportFileNameFor } from './audit-csv.ts';
import { dayRangeInstants } from '../../platform/db/day-range.ts';
import { mapPages, sendCsv } from '../../platform/http/csv-download.ts';
import { ZoneClock } from '@wattboard/zone-time';
import { auditPages, listAudit, type AuditFilter } from './repo/audit-log.ts';

function filterOf(
  body: {
    from?: string;
    to?: string;
    auditAction?: string;
    actor?: string;
    targetType?: string;
  },
  timeZone: string,
): AuditFilter {
  return {
    range: dayRangeInstants(body, timeZone),
    action: body.auditAction?.trim() || undefined,
    actor: body.actor?.trim() || undefined,
    targetType: body.targetType?.trim() || undefined,
  };
}

/** The audit log: a filtered page, and every row of a filter as CSV. */
export async function adminAuditRoutes(app: FastifyInstance) {
  registerAdminCall(app, adminAuditList, async ({ body, auth, factoryId, ok }) => {
    const page = await listAudit(app.db, factoryId, filterOf(body, auth.factory.timeZone), body);
    return { ...ok, ...page };
  });

  registerAdminExport(
    app,
    ADMIN_AUDIT_EXPORT_PATH,
    'Admin: the audit log as CSV (bearer token)',
    adminAuditExportRequest,
    async ({ reply, body, auth, factoryId }) => {
      const clock = new ZoneClock(auth.factory.timeZone);
      const pages = auditPages(app.db, factoryId, filterOf(body, auth.factory.timeZone));
      return sendCsv(
        reply,
        exportFileNameFor('audit-log', body),
        auditLayout(body.lang),
        mapPages(pages, (entry) => auditCells(entry, clock)),
      );
    },
  );
}
