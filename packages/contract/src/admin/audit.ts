import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { boundedText } from '../input.ts';
import {
  adminExportLang,
  adminRequest,
  dayRangeFields,
  dayRangeOrdered,
  nextBeforeId,
  pageFields,
} from './common.ts';

/**
 * The audit log (migration 008): who did what, when. Actions are dotted verbs;
 * those written today: sign-in, sign-in.failed, password.change, user.add,
 * user.disable, user.enable, user.reset-password, user.role, node.add, node.update,
 * node.move, node.retire, node.restore, node.recompute, gateway.add, gateway.revoke,
 * factory.update, announcement.add, announcement.end, mail.retry, plus the
 * Control work's control.* and alarm clears (alarm.clear).
 */
export const auditFilterFields = {
  ...dayRangeFields,
  /**
   * An audit action or a dotted prefix of one: 'user' matches 'user.add' and
   * 'user.disable'. (Not `action`: that is the envelope's API path.)
   */
  auditAction: boundedText(100, 'auditAction is at most 100 characters').optional(),
  /** Part of the actor's name, any case. */
  actor: boundedText(200, 'actor is at most 200 characters').optional(),
  /** e.g. 'user', 'node', 'gateway'. */
  targetType: boundedText(50, 'targetType is at most 50 characters').optional(),
};

export const auditEntry = z.object({
  id: z.number().int(),
  time: z.string(),
  /** Null when the system acted. */
  userId: z.number().int().nullable(),
  actor: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const adminAuditListRequest = adminRequest({ ...auditFilterFields, ...pageFields }).refine(
  dayRangeOrdered.check,
  dayRangeOrdered.message,
);
export const adminAuditListResponse = withResponseEnvelope({
  entries: z.array(auditEntry),
  nextBeforeId,
});
export type AdminAuditListResponse = z.infer<typeof adminAuditListResponse>;

export const adminAuditList = defineCall({
  method: 'POST',
  path: '/v1/Admin/Audit/List',
  auth: true,
  request: adminAuditListRequest,
  response: adminAuditListResponse,
});

/**
 * POST with the bearer token: the answer IS the file, text/csv UTF-8 with BOM,
 * every row of the filter (newest first), Content-Disposition
 * `audit-log-<from>-<to>.csv`. Refusals answer JSON like the other Admin calls.
 * Columns: time (factory-local ISO), actor, action, target type, target id,
 * address, detail (JSON); headers in `lang`.
 */
export const ADMIN_AUDIT_EXPORT_PATH = '/v1/Admin/Audit/Export';
export const adminAuditExportRequest = adminRequest({
  ...auditFilterFields,
  lang: adminExportLang.default('en'),
}).refine(dayRangeOrdered.check, dayRangeOrdered.message);
export type AdminAuditExportRequest = z.input<typeof adminAuditExportRequest>;
