import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { inputEventId } from '../input.ts';
import { isoDateTime } from '../time.ts';
import { adminRequest, nullableIsoDateTime, pageFields } from './common.ts';
import { mailStatus } from './mail.ts';
import { WEBHOOK_FORMATS } from './webhooks.ts';

/**
 * One outbox for every channel (issue #28): Admin › Outbox lists what was
 * queued for e-mail and for each webhook or chat destination (signed JSON,
 * Slack, Teams, Telegram, LINE) together, newest first, and retries a failed
 * one. Each channel keeps its own table and worker; this is their common view.
 */
export const OUTBOX_CHANNELS = ['email', ...WEBHOOK_FORMATS] as const;
export const outboxChannel = z.enum(OUTBOX_CHANNELS);
export type OutboxChannel = z.infer<typeof outboxChannel>;

/** Which side of the outbox to show: e-mail, or every webhook and chat destination. */
export const outboxSide = z.enum(['email', 'webhook'], {
  error: 'channel must be email or webhook',
});
export type OutboxSide = z.infer<typeof outboxSide>;

export const adminOutboxItem = z.object({
  /** Per side: a mail's id (Mail/Retry) or a delivery's (Webhook/Retry). */
  id: z.number().int(),
  channel: outboxChannel,
  /** The e-mail address, or the destination's name. */
  to: z.string(),
  /** The mail's subject, or the title of the event a delivery tells of (null if it is gone). */
  subject: z.string().nullable(),
  /** A delivery's event title in Chinese; null for mail (its subject carries both). */
  subjectZh: z.string().nullable(),
  status: mailStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  eventId: z.number().int().nullable(),
  /** A delivery sent because the alarm was not cleared in time (escalation). */
  escalation: z.boolean(),
  createdAt: isoDateTime,
  nextAttemptAt: isoDateTime,
  sentAt: nullableIsoDateTime,
});
export type AdminOutboxItem = z.infer<typeof adminOutboxItem>;

/** Where the next page starts: the last item's queue time, side and id (`nextBefore`). */
export const outboxCursor = z.object({
  createdAt: isoDateTime,
  side: outboxSide,
  id: z.number().int(),
});
export type OutboxCursor = z.infer<typeof outboxCursor>;

export const adminOutboxListRequest = adminRequest({
  status: mailStatus.optional(),
  channel: outboxSide.optional(),
  limit: pageFields.limit,
  /** The previous page's nextBefore: only items queued before it. */
  before: z
    .object({
      // An instant with its offset, as nextBefore gives it (never read in a zone).
      createdAt: z.iso.datetime({ offset: true, error: 'before.createdAt must be an ISO instant' }),
      side: outboxSide,
      id: inputEventId,
    })
    .optional(),
});
export const adminOutboxListResponse = withResponseEnvelope({
  items: z.array(adminOutboxItem),
  nextBefore: outboxCursor.nullable(),
});
export type AdminOutboxListResponse = z.infer<typeof adminOutboxListResponse>;

export const adminOutboxList = defineCall({
  method: 'POST',
  path: '/v1/Admin/Outbox/List',
  auth: true,
  request: adminOutboxListRequest,
  response: adminOutboxListResponse,
});

/** Queues a failed webhook or chat delivery again now (attempts start over); others: 201 Fail. */
export const adminWebhookRetry = defineCall({
  method: 'POST',
  path: '/v1/Admin/Webhook/Retry',
  auth: true,
  request: adminRequest({ deliveryId: inputEventId }),
  response: withResponseEnvelope({ item: adminOutboxItem }),
});
