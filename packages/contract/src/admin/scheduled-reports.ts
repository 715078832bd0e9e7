import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { RECEIVER_EMAIL_MAX, RECEIVER_MESSAGES } from '../email-receivers.ts';
import { localDate } from '../time.ts';
import { adminRequest, nullableIsoDateTime } from './common.ts';

/**
 * Scheduled energy reports (issue #15): per factory a weekly report (sent
 * Monday 08:00 factory-local for the previous Monday–Sunday) and a monthly one
 * (the 1st 08:00 for the previous month), each on or off with its own
 * receivers. One mail per receiver, in English and Traditional Chinese, with
 * an .xlsx attachment, through the mail outbox (Admin "Mail" list).
 */
export const scheduledReportKind = z.enum(['weekly', 'monthly'], {
  error: 'kind must be weekly or monthly',
});
export type ScheduledReportKind = z.infer<typeof scheduledReportKind>;

/** The factory-local time of day every report is sent. */
export const SCHEDULED_REPORT_TIME = '08:00';
export const MAX_REPORT_RECEIVERS = 10;

export const SCHEDULED_REPORT_MESSAGES = {
  noReceivers: 'Add at least one receiver before sending this report.',
  enabledWithoutReceivers: 'receivers: a report that is on needs at least one receiver',
} as const;

/** An address as the alarm receivers take it (trimmed, at most 254 characters, valid). */
const reportReceiver = z
  .string({ error: RECEIVER_MESSAGES.emailInvalid })
  .trim()
  .max(RECEIVER_EMAIL_MAX, RECEIVER_MESSAGES.emailInvalid)
  .pipe(z.email(RECEIVER_MESSAGES.emailInvalid));

export const scheduledReportReceivers = z
  .array(reportReceiver, { error: 'receivers must be a list of e-mail addresses' })
  .max(MAX_REPORT_RECEIVERS, `At most ${MAX_REPORT_RECEIVERS} receivers`)
  .superRefine((receivers, ctx) => {
    const seen = new Set<string>();
    receivers.forEach((address, index) => {
      const key = address.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          message: `${address} is listed more than once`,
          path: [index],
        });
      }
      seen.add(key);
    });
  });

export const reportPeriod = z.object({
  /** First local day of the period. */
  from: localDate,
  /** Last local day of the period (inclusive). */
  to: localDate,
});
export type ReportPeriod = z.infer<typeof reportPeriod>;

export const scheduledReport = z.object({
  kind: scheduledReportKind,
  enabled: z.boolean(),
  receivers: z.array(z.string()),
  /** Factory-local time of day it is sent (SCHEDULED_REPORT_TIME). */
  sendTime: z.string(),
  /** Next scheduled send, factory-local ISO with offset; null while off. */
  nextRunAt: nullableIsoDateTime,
  /** The period the next scheduled send covers; null while off. */
  nextPeriod: reportPeriod.nullable(),
  /** When the last report of this kind was queued (scheduled or sent now), else null. */
  lastSentAt: nullableIsoDateTime,
});
export type ScheduledReport = z.infer<typeof scheduledReport>;

export const scheduledReportsResponse = withResponseEnvelope({
  /** The factory's zone: every time above is local to it. */
  timeZone: z.string(),
  reports: z.array(scheduledReport),
});
export type ScheduledReportsResponse = z.infer<typeof scheduledReportsResponse>;

export const adminScheduledReportGet = defineCall({
  method: 'POST',
  path: '/v1/Admin/ScheduledReport/Get',
  auth: true,
  request: adminRequest({}),
  response: scheduledReportsResponse,
});

/** Saves one kind: on/off and its receivers (the whole list replaces the saved one). */
export const adminScheduledReportUpdateRequest = adminRequest({
  kind: scheduledReportKind,
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  receivers: scheduledReportReceivers,
}).refine((v) => !v.enabled || v.receivers.length > 0, {
  message: SCHEDULED_REPORT_MESSAGES.enabledWithoutReceivers,
  path: ['receivers'],
});

export const adminScheduledReportUpdate = defineCall({
  method: 'POST',
  path: '/v1/Admin/ScheduledReport/Update',
  auth: true,
  request: adminScheduledReportUpdateRequest,
  response: scheduledReportsResponse,
});

/**
 * Mails the report of the last complete period now to the saved receivers
 * (on or off), and sends it as a link to the webhook destinations that take
 * reports (decision 0083); neither answers 201 Fail with
 * SCHEDULED_REPORT_MESSAGES.noReceivers. Does not change the schedule.
 */
export const adminScheduledReportSendNowRequest = adminRequest({ kind: scheduledReportKind });
export const adminScheduledReportSendNowResponse = withResponseEnvelope({
  kind: scheduledReportKind,
  period: reportPeriod,
  /** Mails queued (one per receiver). */
  queued: z.number().int(),
  /** Webhook destinations sent a link (decision 0083); absent in answers made before it. */
  webhooks: z.number().int().optional(),
  message: z.string(),
});
export type AdminScheduledReportSendNowResponse = z.infer<
  typeof adminScheduledReportSendNowResponse
>;

export const adminScheduledReportSendNow = defineCall({
  method: 'POST',
  path: '/v1/Admin/ScheduledReport/SendNow',
  auth: true,
  request: adminScheduledReportSendNowRequest,
  response: adminScheduledReportSendNowResponse,
});
