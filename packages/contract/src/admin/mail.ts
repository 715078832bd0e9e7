import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { inputEventId } from '../input.ts';
import { isoDateTime } from '../time.ts';
import { adminRequest, nextBeforeId, nullableIsoDateTime, pageFields } from './common.ts';

/** pending = queued (waiting or retrying), sending = in the worker's hands now. */
export const mailStatus = z.enum(['pending', 'sending', 'sent', 'failed'], {
  error: 'status must be pending, sending, sent or failed',
});
export type MailStatus = z.infer<typeof mailStatus>;

export const adminMail = z.object({
  id: z.number().int(),
  toAddress: z.string(),
  subject: z.string(),
  status: mailStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** Alarm mails name their event. */
  eventId: z.number().int().nullable(),
  createdAt: isoDateTime,
  nextAttemptAt: isoDateTime,
  sentAt: nullableIsoDateTime,
});
export type AdminMail = z.infer<typeof adminMail>;

/** The factory's outbox, newest first. */
export const adminMailListRequest = adminRequest({ status: mailStatus.optional(), ...pageFields });
export const adminMailListResponse = withResponseEnvelope({
  mails: z.array(adminMail),
  nextBeforeId,
});
export type AdminMailListResponse = z.infer<typeof adminMailListResponse>;

export const adminMailList = defineCall({
  method: 'POST',
  path: '/v1/Admin/Mail/List',
  auth: true,
  request: adminMailListRequest,
  response: adminMailListResponse,
});

/** Queues a failed mail again now (attempts start over); others answer 201 Fail. */
export const adminMailRetryRequest = adminRequest({ mailId: inputEventId });
export const adminMailRetryResponse = withResponseEnvelope({ mail: adminMail });

export const adminMailRetry = defineCall({
  method: 'POST',
  path: '/v1/Admin/Mail/Retry',
  auth: true,
  request: adminMailRetryRequest,
  response: adminMailRetryResponse,
});
