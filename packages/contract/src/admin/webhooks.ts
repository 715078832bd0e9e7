import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { inputId } from '../input.ts';
import { isoDateTime } from '../time.ts';
import { adminRequest, nameText } from './common.ts';

/**
 * Alert webhooks (issue #28, first channel besides e-mail): a factory's
 * alarms and demand warnings POSTed to an HTTP endpoint through an outbox,
 * exactly once per destination, retried with backoff.
 * - `signed`: our JSON, signed with HMAC-SHA256 over `{timestamp}.{body}`
 *   (headers `X-Wattboard-Timestamp`, `X-Wattboard-Signature: v1=<hex>`,
 *   `Idempotency-Key`), for a program of the factory's own;
 * - `slack`: a Slack incoming webhook's `{ "text": … }`, both languages.
 */
export const WEBHOOK_FORMATS = ['signed', 'slack'] as const;
export const webhookFormat = z.enum(WEBHOOK_FORMATS, { error: 'format must be signed or slack' });
export type WebhookFormat = z.infer<typeof webhookFormat>;

export const WEBHOOK_URL_MAX = 2000;
/** http or https, with a host; at most WEBHOOK_URL_MAX characters; no credentials in it. */
export const webhookUrl = z
  .string({ error: 'url is required' })
  .trim()
  .max(WEBHOOK_URL_MAX, `url is at most ${WEBHOOK_URL_MAX} characters`)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          url.hostname !== '' &&
          url.username === '' &&
          url.password === ''
        );
      } catch {
        return false;
      }
    },
    { message: 'url must be an http or https address without a user name or password' },
  );

/** The outcome of the newest delivery to a destination. */
export const webhookDelivery = z.object({
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  at: isoDateTime,
  attempts: z.number().int(),
  error: z.string().nullable(),
});

export const adminWebhook = z.object({
  id: z.number().int(),
  name: z.string(),
  format: webhookFormat,
  url: z.string(),
  /** Off: nothing is queued for it. */
  enabled: z.boolean(),
  /** Alarm, anomaly and offline events. */
  alarms: z.boolean(),
  /** Demand warnings (the prediction over the target). */
  demand: z.boolean(),
  createdAt: isoDateTime,
  lastDelivery: webhookDelivery.nullable(),
  /** Deliveries given up after the last attempt, in the last 7 days. */
  failedLastWeek: z.number().int(),
});
export type AdminWebhook = z.infer<typeof adminWebhook>;

export const adminWebhookListRequest = adminRequest({});
export const adminWebhookListResponse = withResponseEnvelope({
  webhooks: z.array(adminWebhook),
});
export type AdminWebhookListResponse = z.infer<typeof adminWebhookListResponse>;

export const adminWebhookList = defineCall({
  method: 'POST',
  path: '/v1/Admin/Webhook/List',
  auth: true,
  request: adminWebhookListRequest,
  response: adminWebhookListResponse,
});

/**
 * Adds (`webhookId` null) or changes a destination. A new `signed` one gets
 * its signing secret, in this answer only (the server keeps it to sign);
 * `newSecret` on a change replaces it. Audited; the secret never is.
 */
export const adminWebhookSaveRequest = adminRequest({
  webhookId: inputId.nullable(),
  name: nameText('name'),
  format: webhookFormat,
  url: webhookUrl,
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  alarms: z.boolean({ error: 'alarms must be true or false' }),
  demand: z.boolean({ error: 'demand must be true or false' }),
  newSecret: z.boolean({ error: 'newSecret must be true or false' }).default(false),
});
export const adminWebhookSaveResponse = withResponseEnvelope({
  webhooks: z.array(adminWebhook),
  /** The signing secret (hex), when one was made now; null otherwise. */
  secret: z.string().nullable(),
});

export const adminWebhookSave = defineCall({
  method: 'POST',
  path: '/v1/Admin/Webhook/Save',
  auth: true,
  request: adminWebhookSaveRequest,
  response: adminWebhookSaveResponse,
});

/** Removes a destination and whatever is still queued for it. Audited. */
export const adminWebhookRemove = defineCall({
  method: 'POST',
  path: '/v1/Admin/Webhook/Remove',
  auth: true,
  request: adminRequest({ webhookId: inputId }),
  response: adminWebhookListResponse,
});

/**
 * Sends a test message to the destination now, outside the outbox, and says
 * what its server answered (`httpStatus`, or `error` when it could not be
 * reached within 10 s). A 2xx is `delivered`.
 */
export const adminWebhookTestResponse = withResponseEnvelope({
  delivered: z.boolean(),
  httpStatus: z.number().int().nullable(),
  error: z.string().nullable(),
});

export const adminWebhookTest = defineCall({
  method: 'POST',
  path: '/v1/Admin/Webhook/Test',
  auth: true,
  request: adminRequest({ webhookId: inputId }),
  response: adminWebhookTestResponse,
});
