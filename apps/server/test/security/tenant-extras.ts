import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEFAULT_TARIFF, EXAMPLE_TEMPLATE } from '@wattboard/contract';
import { recordAudit } from '../../src/modules/audit/repo/record-audit.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { saveTariffVersion } from '../../src/modules/cost/repo/tariff-store.ts';
import { ADMIN, postJson, signInAs } from '../helpers/test-app.ts';

export interface Session {
  email: string;
  token: string;
}

/** B's rows the Overview, Report, Control and Admin calls could reach. */
export interface BExtras {
  userId: number;
  rootId: number;
  gatewayId: number;
  announcementId: number;
  mailId: number;
  jobId: number;
  groupId: number;
  channelId: number;
  /** A Taipower bill of B's main billing point (account B_ACCOUNT). */
  billId: number;
  /** An alert webhook of B's (issue #28), its address carrying the Zeta marker. */
  webhookId: number;
  /** A failed delivery to it (Admin › Outbox), its error carrying the marker. */
  deliveryId: number;
  /** A stored scheduled-report file of B's (decision 0083), its bytes carrying the marker. */
  reportFileId: number;
  /** A meter template B defined in Admin (decision 0088), `user:<n>`, its maker the Zeta marker. */
  templateId: string;
}

/** B's main billing point's account number (issue #24): A's import must not reach it. */
export const B_ACCOUNT = '99-8888-7777-6';

/** A's Admin session, a control group and channel of A's, and a signed export link of A's. */
export interface AExtras {
  admin: Session;
  groupId: number;
  channelId: number;
  exportUrl: string;
  /** A's factory settings as they are, so an Update of A's own changes nothing. */
  factory: Record<string, unknown>;
}

async function one(db: Db, sql: string, params: unknown[]): Promise<number> {
  const rows = await db.query<{ id: number | string }>(sql, params);
  if (!rows[0]) throw new Error(`no row: ${sql}`);
  return Number(rows[0].id);
}

/**
 * Factory B's control group and channel, mail, audit row and finished
 * recomputation job, each named with a B-only marker ("Zeta …"). Written
 * with SQL: B has no Admin user, and the scheduler does not run under inject.
 */
export async function addBExtras(db: Db, factoryId: number, meterId: number): Promise<BExtras> {
  const userId = await one(db, 'SELECT id FROM users WHERE factory_id = $1', [factoryId]);
  const rootId = await one(
    db,
    'SELECT id FROM nodes WHERE factory_id = $1 AND parent_id IS NULL ORDER BY id LIMIT 1',
    [factoryId],
  );
  const gatewayId = await one(db, 'SELECT id FROM gateways WHERE factory_id = $1', [factoryId]);
  const announcementId = await one(db, 'SELECT id FROM announcements WHERE factory_id = $1', [
    factoryId,
  ]);
  const groupId = await one(
    db,
    `INSERT INTO channel_groups (factory_id, group_name, channel_type_name)
     VALUES ($1, 'Zeta group', 'Zeta relay') RETURNING id`,
    [factoryId],
  );
  const channelId = await one(
    db,
    `INSERT INTO channel_schedules (factory_id, channel_group_id, node_id, ch_name, name, action)
     VALUES ($1, $2, $3, 'Zeta 頻道', 'Zeta channel', 'off') RETURNING id`,
    [factoryId, groupId, meterId],
  );
  await db.query(
    `INSERT INTO commands (factory_id, channel_schedule_id, state, reason, status)
     VALUES ($1, $2, 'off', 'Zeta command', 'confirmed')`,
    [factoryId, channelId],
  );
  // Issue #15: B's tariff carries the marker, so a leak into A's cost answers shows.
  await saveTariffVersion(
    db,
    factoryId,
    '2000-01-01',
    { ...DEFAULT_TARIFF, name: 'Zeta tariff', nameZh: 'Zeta 電價', note: 'Zeta note' },
    'zeta-boss',
  );
  const mailId = await one(
    db,
    `INSERT INTO mail_outbox (factory_id, to_address, subject, body_text, status, attempts, last_error)
     VALUES ($1, 'rx@zeta-secret.example', 'Zeta mail', 'Zeta secret body', 'failed', 3, 'Zeta error')
     RETURNING id`,
    [factoryId],
  );
  await recordAudit(db, {
    factoryId,
    actor: { userId, name: 'zeta-boss', address: '203.0.113.9' },
    action: 'user.disable',
    target: { type: 'user', id: userId },
    detail: { note: 'Zeta audit' },
  });
  const jobId = await one(
    db,
    `INSERT INTO admin_jobs (factory_id, kind, state, done, total, detail, error, finished_at)
     VALUES ($1, 'time-zone', 'failed', 1, 2, '{"note": "Zeta job"}', 'Zeta job error', now())
     RETURNING id`,
    [factoryId],
  );
  await db.query('UPDATE factories SET account_number = $2 WHERE id = $1', [factoryId, B_ACCOUNT]);
  const billId = await one(
    db,
    `INSERT INTO bill_records (factory_id, node_id, period_from, period_to, total, created_by)
     VALUES ($1, $2, '2026-10-01', '2026-10-31', 424242, 'zeta-boss') RETURNING id`,
    [factoryId, rootId],
  );
  // Issue #27: a year's emission factor only B has, its source carrying the marker.
  await db.query(
    `INSERT INTO emission_factors (factory_id, year, kg_per_kwh, source)
     VALUES ($1, 2099, 0.123, 'Zeta factor source')`,
    [factoryId],
  );
  const webhookId = await one(
    db,
    `INSERT INTO webhook_destinations (factory_id, name, format, url, secret)
     VALUES ($1, 'Zeta hook', 'signed', 'https://zeta-secret.example/hook', 'zeta-secret-key')
     RETURNING id`,
    [factoryId],
  );
  const deliveryId = await one(
    db,
    `INSERT INTO webhook_outbox (factory_id, destination_id, body, status, attempts, last_error)
     VALUES ($1, $2, '{"zeta": "secret body"}', 'failed', 5, 'Zeta delivery error') RETURNING id`,
    [factoryId, webhookId],
  );
  const reportFileId = await one(
    db,
    `INSERT INTO mail_attachments (factory_id, file_name, content_type, content)
     VALUES ($1, 'zeta-report.xlsx', 'application/octet-stream', convert_to('Zeta secret body', 'UTF8'))
     RETURNING id`,
    [factoryId],
  );
  const templateNumber = await one(
    db,
    `INSERT INTO user_meter_templates (factory_id, definition) VALUES ($1, $2::jsonb) RETURNING id`,
    [factoryId, JSON.stringify({ ...EXAMPLE_TEMPLATE, manufacturer: 'Zeta secret maker' })],
  );
  return {
    templateId: `user:${templateNumber}`,
    userId,
    rootId,
    gatewayId,
    announcementId,
    mailId,
    jobId,
    groupId,
    channelId,
    billId,
    webhookId,
    deliveryId,
    reportFileId,
  };
}

function okBody(response: LightMyRequestResponse, what: string): Record<string, unknown> {
  const body = response.json<Record<string, unknown>>();
  if (response.statusCode !== 200 || body.statusCode !== 200) {
    throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  }
  return body;
}

export async function addAExtras(
  app: FastifyInstance,
  db: Db,
  factoryId: number,
  a: { session: Session; nodeId: number },
): Promise<AExtras> {
  const admin = await signInAs(app, ADMIN);
  const channel = (
    await db.query<{ id: number; channel_group_id: number }>(
      'SELECT id, channel_group_id FROM channel_schedules WHERE factory_id = $1 ORDER BY id LIMIT 1',
      [factoryId],
    )
  )[0]!;
  const url = '/v1/Web/Factory/Channel/Report/ExportLink';
  const today = new Date().toISOString().slice(0, 10);
  const link = okBody(
    await postJson(
      app,
      url,
      {
        email: a.session.email,
        action: url,
        token: a.session.token,
        factoryId: 0,
        smartmeterId: a.nodeId,
        dtStart: today,
        dtEnd: today,
        format: 'csv',
      },
      { authorization: `Bearer ${a.session.token}` },
    ),
    'A export link',
  );
  const factory = (
    await db.query<Record<string, unknown>>(
      `SELECT name, name_zh AS "nameZh", time_zone AS "timeZone", co2_factor AS "co2Factor",
              contract_capacity_kw AS "contractCapacityKw"
         FROM factories WHERE id = $1`,
      [factoryId],
    )
  )[0]!;
  return {
    factory,
    admin: { email: admin.email, token: admin.token },
    groupId: channel.channel_group_id,
    channelId: channel.id,
    exportUrl: String(link.url),
  };
}
