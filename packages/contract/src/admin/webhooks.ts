import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { inputId } from '../input.ts';
import { isoDateTime } from '../time.ts';
import { adminRequest, nameText } from './common.ts';
import {
  adminWebhookLine,
  lineChannelSecret,
  lineBinding,
  lineChannelToken,
  telegramChatId,
  telegramToken,
} from './webhook-chat.ts';

export * from './webhook-chat.ts';

/**
 * Alert webhooks (issue #28, first channel besides e-mail): a factory's
 * alarms and demand warnings POSTed to an HTTP endpoint through an outbox,
 * exactly once per destination, retried with backoff.
 * - `signed`: our JSON, signed with HMAC-SHA256 over `{timestamp}.{body}`
 *   (headers `X-Wattboard-Timestamp`, `X-Wattboard-Signature: v1=<hex>`,
 *   `Idempotency-Key`), for a program of the factory's own;
 * - `slack`: a Slack incoming webhook's `{ "text": … }`, both languages;
 * - `teams`: a Microsoft Teams Workflows webhook's message with an Adaptive Card;
 * - `telegram`: a Telegram bot's sendMessage to a chat (bot token + chat id, no url);
 * - `line`: a push message from the factory's LINE Official Account (Messaging
 *   API channel access token + channel secret, no url) to the user, group or
 *   room that bound itself by sending the account a one-time code.
 */
export const WEBHOOK_FORMATS = ['signed', 'slack', 'teams', 'telegram', 'line'] as const;
export const webhookFormat = z.enum(WEBHOOK_FORMATS, {
  error: 'format must be signed, slack, teams, telegram or line',
});
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

/** A factory-local wall-clock time, HH:MM (24 h). */
export const quietTime = z
  .string({ error: 'quiet hours are HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'quiet hours are HH:MM, 00:00 to 23:59');
/**
 * Quiet hours in the factory's time zone; an end before the start wraps
 * midnight (22:00–07:00). Non-urgent kinds (offline meters, demand warnings)
 * wait until the end; threshold alarms, the test alarm and escalations do not.
 */
export const webhookQuietHours = z
  .object({ start: quietTime, end: quietTime })
  .refine((q) => q.start !== q.end, { message: 'quiet hours must not start when they end' });
export type WebhookQuietHours = z.infer<typeof webhookQuietHours>;

export const ESCALATE_AFTER_MAX = 1440;
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
  /** Threshold alarms (and the test alarm). */
  alarms: z.boolean(),
  /** Offline meters (a meter silent past its limit). */
  offline: z.boolean(),
  /**
   * Anomaly events: a point away from its typical day (decision 0082);
   * optional only for answers made before it.
   */
  anomalies: z.boolean().optional(),
  /** Demand warnings (the prediction over the target). */
  demand: z.boolean(),
  /**
   * Scheduled reports, as a signed 7-day download link (decision 0083);
   * optional only for answers made before it.
   */
  reports: z.boolean().optional(),
  quietHours: webhookQuietHours.nullable(),
  /** Set: gets only the alarms still unresolved this many minutes after opening, once each. */
  escalateAfterMinutes: z.number().int().nullable(),
  /** Telegram: the chat; null for other formats. */
  telegramChatId: z.string().nullable(),
  /** Telegram: the bot token with all but its bot id masked (`123456:…`); never the token. */
  telegramToken: z.string().nullable(),
  /**
   * LINE: the webhook address and the binding; null for other formats (the
   * server always sends it; optional only for answers made before it).
   * Neither the channel access token nor the channel secret ever comes back.
   */
  line: adminWebhookLine.nullable().optional(),
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
 * `telegram` takes no url but `telegramChatId` and `telegramToken` (the
 * token may be null on a change: the saved one is kept). `line` takes no url
 * but `lineChannelToken` and `lineChannelSecret` (both required when new or
 * when a destination becomes `line`, either may be null on a change); a new
 * `line` destination, or a change with `lineNewCode`, answers a binding code.
 */
export const adminWebhookSaveFields = adminRequest({
  webhookId: inputId.nullable(),
  name: nameText('name'),
  format: webhookFormat,
  url: webhookUrl.nullable().default(null),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  alarms: z.boolean({ error: 'alarms must be true or false' }),
  offline: z.boolean({ error: 'offline must be true or false' }).default(true),
  /** Anomaly events (decision 0082). Absent: a new destination gets none, a change keeps its choice. */
  anomalies: z.boolean({ error: 'anomalies must be true or false' }).optional(),
  demand: z.boolean({ error: 'demand must be true or false' }),
  /** Scheduled reports as a download link (decision 0083); off unless asked for. */
  reports: z.boolean({ error: 'reports must be true or false' }).default(false),
  quietHours: webhookQuietHours.nullable().default(null),
  escalateAfterMinutes: z
    .number({ error: 'escalateAfterMinutes must be a number of minutes' })
    .int('escalateAfterMinutes must be whole minutes')
    .min(1, 'escalateAfterMinutes must be at least 1')
    .max(ESCALATE_AFTER_MAX, `escalateAfterMinutes must be at most ${ESCALATE_AFTER_MAX}`)
    .nullable()
    .default(null),
  telegramChatId: telegramChatId.nullable().default(null),
  telegramToken: telegramToken.nullable().default(null),
  lineChannelToken: lineChannelToken.nullable().default(null),
  lineChannelSecret: lineChannelSecret.nullable().default(null),
  /** LINE: make a new binding code (the bound chat stays until another binds). */
  lineNewCode: z.boolean({ error: 'lineNewCode must be true or false' }).default(false),
  newSecret: z.boolean({ error: 'newSecret must be true or false' }).default(false),
});

/** What each format needs besides the common fields: an address, or a Telegram chat and token. */
export function webhookFormatNeeds(
  body: Pick<
    z.output<typeof adminWebhookSaveFields>,
    | 'format'
    | 'url'
    | 'telegramChatId'
    | 'telegramToken'
    | 'lineChannelToken'
    | 'lineChannelSecret'
    | 'webhookId'
  >,
  ctx: z.RefinementCtx,
): void {
  // Which fields a format needs: an address, or a Telegram chat (and a token when new).
  if (body.format === 'telegram') {
    if (body.telegramChatId === null)
      ctx.addIssue({
        code: 'custom',
        path: ['telegramChatId'],
        message: 'telegramChatId is required for telegram',
      });
    if (body.telegramToken === null && body.webhookId === null)
      ctx.addIssue({
        code: 'custom',
        path: ['telegramToken'],
        message: 'telegramToken is required for a new telegram destination',
      });
  } else if (body.format === 'line') {
    for (const field of ['lineChannelToken', 'lineChannelSecret'] as const)
      if (body[field] === null && body.webhookId === null)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${field} is required for a new line destination`,
        });
  } else if (body.url === null) {
    ctx.addIssue({ code: 'custom', path: ['url'], message: 'url is required' });
  }
}
export const adminWebhookSaveRequest = adminWebhookSaveFields.superRefine(webhookFormatNeeds);
export type AdminWebhookSaveRequest = z.input<typeof adminWebhookSaveRequest>;
export const adminWebhookSaveResponse = withResponseEnvelope({
  webhooks: z.array(adminWebhook),
  /** The signing secret (hex), when one was made now; null otherwise. */
  secret: z.string().nullable(),
  /** LINE: the binding code made now, shown once; null otherwise (always sent by the server). */
  lineBinding: lineBinding.nullable().optional(),
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
