import { randomBytes } from 'node:crypto';
import type { AdminWebhook, WebhookFormat, WebhookQuietHours } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { lineWebhookUrl } from '../calc/line.ts';
import { maskTelegramToken } from '../calc/telegram.ts';

/** A destination as the worker and the test call need it (the secret included). */
export interface WebhookDestination {
  id: number;
  factoryId: number;
  name: string;
  format: WebhookFormat;
  url: string;
  /** The HMAC key of `signed`; the bot token of `telegram`; the channel access token of `line`. */
  secret: string;
  enabled: boolean;
  alarms: boolean;
  offline: boolean;
  /** Anomaly events (decision 0082); saved apart (repo/destination-anomalies.ts). */
  anomalies: boolean;
  demand: boolean;
  /** Scheduled reports as a download link (decision 0083). */
  reports: boolean;
  /** Telegram's chat; LINE's bound user, group or room (null until bound). */
  chatId: string | null;
  quietHours: WebhookQuietHours | null;
  escalateAfterMinutes: number | null;
  /** LINE: the channel secret that checks X-Line-Signature; null for other formats. */
  lineChannelSecret: string | null;
  lineChatType: LineChatType | null;
}

export type LineChatType = 'user' | 'group' | 'room';

export interface DestinationFields {
  name: string;
  format: WebhookFormat;
  /** '' for telegram (its address is made from the token). */
  url: string;
  enabled: boolean;
  alarms: boolean;
  offline: boolean;
  demand: boolean;
  reports: boolean;
  chatId: string | null;
  quietHours: WebhookQuietHours | null;
  escalateAfterMinutes: number | null;
}

export interface DestinationRow {
  id: number;
  factory_id: number;
  name: string;
  format: WebhookFormat;
  url: string;
  secret: string;
  enabled: boolean;
  alarms: boolean;
  offline: boolean;
  /** Anomaly events (decision 0082); saved apart (repo/destination-anomalies.ts). */
  anomalies: boolean;
  demand: boolean;
  reports: boolean;
  chat_id: string | null;
  quiet_start: string | null;
  quiet_end: string | null;
  escalate_after_minutes: number | null;
  line_channel_secret: string | null;
  line_chat_type: LineChatType | null;
  line_code_hash: string | null;
  line_code_expires_at: Date | string | null;
  line_code_failures: number;
  created_at: Date;
}

const quietOf = (row: Pick<DestinationRow, 'quiet_start' | 'quiet_end'>) =>
  row.quiet_start !== null && row.quiet_end !== null
    ? { start: row.quiet_start, end: row.quiet_end }
    : null;

export const toDestination = (row: DestinationRow): WebhookDestination => ({
  id: row.id,
  factoryId: row.factory_id,
  name: row.name,
  format: row.format,
  url: row.url,
  secret: row.secret,
  enabled: row.enabled,
  alarms: row.alarms,
  offline: row.offline,
  anomalies: row.anomalies,
  demand: row.demand,
  reports: row.reports,
  chatId: row.chat_id,
  quietHours: quietOf(row),
  escalateAfterMinutes: row.escalate_after_minutes,
  lineChannelSecret: row.line_channel_secret,
  lineChatType: row.line_chat_type,
});

/** 256 random bits, hex: the HMAC key of a `signed` destination. */
export const newWebhookSecret = () => randomBytes(32).toString('hex');

/**
 * The factory's destinations for Admin, oldest first, each with its newest
 * delivery; `origin` makes a LINE destination's webhook address.
 */
export async function listWebhooks(
  db: Queryable,
  factoryId: number,
  origin: string,
  now = new Date(),
): Promise<AdminWebhook[]> {
  const rows = await db.query<
    DestinationRow & {
      d_status: NonNullable<AdminWebhook['lastDelivery']>['status'] | null;
      d_at: Date | null;
      d_attempts: number | null;
      d_error: string | null;
      failed_week: number;
    }
  >(
    `SELECT w.*, d.status AS d_status, coalesce(d.sent_at, d.created_at) AS d_at,
            d.attempts AS d_attempts, d.last_error AS d_error,
            (SELECT count(*)::int FROM webhook_outbox f
              WHERE f.destination_id = w.id AND f.factory_id = w.factory_id AND f.status = 'failed'
                AND f.created_at > now() - interval '7 days') AS failed_week
       FROM webhook_destinations w
       LEFT JOIN LATERAL (
         SELECT status, sent_at, created_at, attempts, last_error FROM webhook_outbox o
          WHERE o.destination_id = w.id AND o.factory_id = w.factory_id
          ORDER BY o.id DESC LIMIT 1) d ON true
      WHERE w.factory_id = $1
      ORDER BY w.id`,
    [factoryId],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    format: row.format,
    url: row.url,
    enabled: row.enabled,
    alarms: row.alarms,
    offline: row.offline,
    anomalies: row.anomalies,
    demand: row.demand,
    reports: row.reports,
    quietHours: quietOf(row),
    escalateAfterMinutes: row.escalate_after_minutes,
    telegramChatId: row.format === 'telegram' ? row.chat_id : null,
    // The secret part of a bot token never leaves the server.
    telegramToken: row.format === 'telegram' ? maskTelegramToken(row.secret) : null,
    // Neither LINE key ever leaves the server: only where LINE posts and what is bound.
    line: row.format === 'line' ? lineOf(row, origin, now) : null,
    createdAt: row.created_at.toISOString(),
    lastDelivery:
      row.d_status === null || row.d_at === null
        ? null
        : {
            status: row.d_status,
            at: new Date(row.d_at).toISOString(),
            attempts: Number(row.d_attempts),
            error: row.d_error,
          },
    failedLastWeek: Number(row.failed_week),
  }));
}

function lineOf(row: DestinationRow, origin: string, now: Date): NonNullable<AdminWebhook['line']> {
  const expires = row.line_code_expires_at === null ? null : new Date(row.line_code_expires_at);
  return {
    webhookUrl: lineWebhookUrl(origin, row.id),
    bound: row.chat_id !== null,
    chatType: row.chat_id === null ? null : row.line_chat_type,
    codeExpiresAt: expires !== null && expires > now ? expires.toISOString() : null,
  };
}

export async function findWebhook(
  db: Queryable,
  factoryId: number,
  id: number,
): Promise<WebhookDestination | null> {
  const rows = await db.query<DestinationRow>(
    'SELECT * FROM webhook_destinations WHERE factory_id = $1 AND id = $2',
    [factoryId, id],
  );
  return rows[0] ? toDestination(rows[0]) : null;
}

const fieldValues = (fields: DestinationFields) => [
  fields.name,
  fields.format,
  fields.url,
  fields.enabled,
  fields.alarms,
  fields.offline,
  fields.demand,
  fields.chatId,
  fields.quietHours?.start ?? null,
  fields.quietHours?.end ?? null,
  fields.escalateAfterMinutes,
];

/**
 * Adds a destination with `secret` (a new HMAC key unless given: a bot token
 * or a channel access token) and, for LINE, its channel secret; returns both.
 */
export async function insertWebhook(
  db: Queryable,
  factoryId: number,
  fields: DestinationFields,
  given: string | null = null,
  lineChannelSecret: string | null = null,
): Promise<{ id: number; secret: string }> {
  const secret = given ?? newWebhookSecret();
  const rows = await db.query<{ id: number }>(
    `INSERT INTO webhook_destinations (factory_id, secret, name, format, url, enabled, alarms,
                                       offline, demand, chat_id, quiet_start, quiet_end,
                                       escalate_after_minutes, line_channel_secret, reports)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [factoryId, secret, ...fieldValues(fields), lineChannelSecret, fields.reports],
  );
  return { id: rows[0]!.id, secret };
}

/**
 * Changes a destination (and its secret, and LINE's channel secret, when
 * given); false when it is not the factory's. A LINE destination that stays
 * LINE keeps its bound chat and code; any other change of format drops them.
 */
export async function updateWebhook(
  db: Queryable,
  factoryId: number,
  id: number,
  fields: DestinationFields,
  secret: string | null,
  lineChannelSecret: string | null = null,
): Promise<boolean> {
  // On the right of SET, a column is the row's value before this change.
  const rows = await db.query<{ id: number }>(
    `UPDATE webhook_destinations
        SET secret = coalesce($3, secret), name = $4, format = $5, url = $6, enabled = $7,
            alarms = $8, offline = $9, demand = $10, reports = $16,
            chat_id = CASE WHEN $5 = 'line' AND format = 'line' THEN chat_id ELSE $11 END,
            quiet_start = $12, quiet_end = $13, escalate_after_minutes = $14,
            line_channel_secret = CASE WHEN $5 = 'line' THEN coalesce($15, line_channel_secret) END,
            line_chat_type = CASE WHEN $5 = 'line' AND format = 'line' THEN line_chat_type END,
            line_code_hash = CASE WHEN $5 = 'line' AND format = 'line' THEN line_code_hash END,
            line_code_expires_at =
              CASE WHEN $5 = 'line' AND format = 'line' THEN line_code_expires_at END
      WHERE factory_id = $1 AND id = $2 RETURNING id`,
    [factoryId, id, secret, ...fieldValues(fields), lineChannelSecret, fields.reports],
  );
  return rows.length > 0;
}

/** Removes a destination (its queued deliveries go with it); false when it is not the factory's. */
export async function removeWebhook(db: Queryable, factoryId: number, id: number) {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM webhook_destinations WHERE factory_id = $1 AND id = $2 RETURNING id',
    [factoryId, id],
  );
  return rows.length > 0;
}
