import { randomBytes } from 'node:crypto';
import type { AdminWebhook, WebhookFormat } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';

/** A destination as the worker and the test call need it (the secret included). */
export interface WebhookDestination {
  id: number;
  factoryId: number;
  name: string;
  format: WebhookFormat;
  url: string;
  secret: string;
  enabled: boolean;
  alarms: boolean;
  demand: boolean;
}

export interface DestinationFields {
  name: string;
  format: WebhookFormat;
  url: string;
  enabled: boolean;
  alarms: boolean;
  demand: boolean;
}

interface DestinationRow {
  id: number;
  factory_id: number;
  name: string;
  format: WebhookFormat;
  url: string;
  secret: string;
  enabled: boolean;
  alarms: boolean;
  demand: boolean;
  created_at: Date;
}

const toDestination = (row: DestinationRow): WebhookDestination => ({
  id: row.id,
  factoryId: row.factory_id,
  name: row.name,
  format: row.format,
  url: row.url,
  secret: row.secret,
  enabled: row.enabled,
  alarms: row.alarms,
  demand: row.demand,
});

/** 256 random bits, hex: the HMAC key of a `signed` destination. */
export const newWebhookSecret = () => randomBytes(32).toString('hex');

/** The factory's destinations for Admin, oldest first, each with its newest delivery. */
export async function listWebhooks(db: Queryable, factoryId: number): Promise<AdminWebhook[]> {
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
    demand: row.demand,
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

/** Adds a destination with a new secret; returns its id and the secret. */
export async function insertWebhook(
  db: Queryable,
  factoryId: number,
  fields: DestinationFields,
): Promise<{ id: number; secret: string }> {
  const secret = newWebhookSecret();
  const rows = await db.query<{ id: number }>(
    `INSERT INTO webhook_destinations (factory_id, name, format, url, secret, enabled, alarms, demand)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      factoryId,
      fields.name,
      fields.format,
      fields.url,
      secret,
      fields.enabled,
      fields.alarms,
      fields.demand,
    ],
  );
  return { id: rows[0]!.id, secret };
}

/** Changes a destination (and its secret, when one is given); false when it is not the factory's. */
export async function updateWebhook(
  db: Queryable,
  factoryId: number,
  id: number,
  fields: DestinationFields,
  secret: string | null,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE webhook_destinations
        SET name = $3, format = $4, url = $5, enabled = $6, alarms = $7, demand = $8,
            secret = coalesce($9, secret)
      WHERE factory_id = $1 AND id = $2 RETURNING id`,
    [
      factoryId,
      id,
      fields.name,
      fields.format,
      fields.url,
      fields.enabled,
      fields.alarms,
      fields.demand,
      secret,
    ],
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
