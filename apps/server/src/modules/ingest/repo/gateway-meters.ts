import type { AdminGatewayMeter, Wiring } from '@wattboard/contract';
import type { GatewayConfigMeter, GatewayMeterSettings } from '@wattboard/contract/gateway-config';
import type { Queryable } from '../../../platform/db/db.ts';
import {
  columnsToTransport,
  transportToColumns,
  type TransportColumns,
} from '../calc/gateway-transport.ts';
import { HEALTH_COLUMNS, healthFromRow, type HealthColumns } from './gateway-health.ts';

interface MeterRow extends TransportColumns {
  id: number;
  gateway_id: number;
  node_id: number;
  name: string;
  ch_name: string;
  serial: string | null;
  wiring: Wiring;
  unit_id: number;
  template: string;
  poll_interval_ms: number;
  updated_at: Date;
}

/** The meter's last health report (migration 029), joined for Admin only. */
interface AdminMeterRow extends MeterRow, HealthColumns {}

const SELECT = `SELECT m.id, m.gateway_id, m.node_id, n.name, n.ch_name, n.serial, n.wiring,
    m.transport, m.host, m.port, m.serial_path, m.baud_rate, m.parity, m.stop_bits,
    m.unit_id, m.template, m.poll_interval_ms, m.updated_at`;

// Admin's rows carry the meter's last health report (null before one).
const ADMIN_SELECT = `${SELECT}, ${HEALTH_COLUMNS}`;
const ADMIN_FROM = `FROM gateway_meters m
       JOIN nodes n ON n.factory_id = m.factory_id AND n.id = m.node_id
       LEFT JOIN gateway_meter_health h ON h.factory_id = m.factory_id AND h.meter_id = m.id`;

function toAdminMeter(row: AdminMeterRow): AdminGatewayMeter {
  return {
    id: row.id,
    gatewayId: row.gateway_id,
    nodeId: row.node_id,
    nodeName: row.name,
    nodeChName: row.ch_name,
    // A retired node's serial moved to retired_serial; the meter is then not served (below).
    serial: row.serial ?? '',
    wiring: row.wiring,
    transport: columnsToTransport(row),
    unitId: row.unit_id,
    template: row.template,
    pollIntervalMs: row.poll_interval_ms,
    updatedAt: new Date(row.updated_at).toISOString(),
    health: healthFromRow(row),
  };
}

/** A gateway's meters for Admin, retired points included (their rows stay until removed). */
export async function listGatewayMeters(
  db: Queryable,
  factoryId: number,
  gatewayId: number,
): Promise<AdminGatewayMeter[]> {
  const rows = await db.query<AdminMeterRow>(
    `${ADMIN_SELECT} ${ADMIN_FROM}
      WHERE m.factory_id = $1 AND m.gateway_id = $2 ORDER BY m.id`,
    [factoryId, gatewayId],
  );
  return rows.map(toAdminMeter);
}

export async function findGatewayMeter(
  db: Queryable,
  factoryId: number,
  meterId: number,
): Promise<AdminGatewayMeter | null> {
  const rows = await db.query<AdminMeterRow>(
    `${ADMIN_SELECT} ${ADMIN_FROM}
      WHERE m.factory_id = $1 AND m.id = $2`,
    [factoryId, meterId],
  );
  return rows[0] ? toAdminMeter(rows[0]) : null;
}

/** What the gateway polls: its meters whose point is active and has a serial. */
export async function gatewayConfigMeters(
  db: Queryable,
  factoryId: number,
  gatewayId: number,
): Promise<GatewayConfigMeter[]> {
  const rows = await db.query<MeterRow>(
    `${SELECT} FROM gateway_meters m
       JOIN active_nodes n ON n.factory_id = m.factory_id AND n.id = m.node_id
      WHERE m.factory_id = $1 AND m.gateway_id = $2 AND n.serial IS NOT NULL ORDER BY m.id`,
    [factoryId, gatewayId],
  );
  return rows.map((row) => ({
    id: row.id,
    serial: row.serial!,
    wiring: row.wiring,
    transport: columnsToTransport(row),
    unitId: row.unit_id,
    template: row.template,
    pollIntervalMs: row.poll_interval_ms,
  }));
}

/** The node a meter would feed, as the save checks need it; null when not the factory's. */
export async function findFeedNode(
  db: Queryable,
  factoryId: number,
  nodeId: number,
): Promise<{
  type: string;
  serial: string | null;
  wiring: Wiring | null;
  retired: boolean;
} | null> {
  const rows = await db.query<{
    type: string;
    serial: string | null;
    wiring: Wiring | null;
    retired: boolean;
  }>(
    `SELECT type, serial, wiring, retired_at IS NOT NULL AS retired FROM nodes
      WHERE factory_id = $1 AND id = $2`,
    [factoryId, nodeId],
  );
  return rows[0] ?? null;
}

/** The other gateway meter feeding this node, if any. */
export async function meterFeedingNode(
  db: Queryable,
  factoryId: number,
  nodeId: number,
): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM gateway_meters WHERE factory_id = $1 AND node_id = $2',
    [factoryId, nodeId],
  );
  return rows[0]?.id ?? null;
}

export interface GatewayMeterWrite extends GatewayMeterSettings {
  gatewayId: number;
  nodeId: number;
}

export async function insertGatewayMeter(
  db: Queryable,
  factoryId: number,
  m: GatewayMeterWrite,
): Promise<number> {
  const c = transportToColumns(m.transport);
  const rows = await db.query<{ id: number }>(
    `INSERT INTO gateway_meters (factory_id, gateway_id, node_id, transport, host, port,
       serial_path, baud_rate, parity, stop_bits, unit_id, template, poll_interval_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [factoryId, m.gatewayId, m.nodeId, c.transport, c.host, c.port, c.serial_path, c.baud_rate,
     c.parity, c.stop_bits, m.unitId, m.template, m.pollIntervalMs], // prettier-ignore
  );
  return rows[0]!.id;
}

/** Changes a meter of this gateway; false when it has no such meter. */
export async function updateGatewayMeter(
  db: Queryable,
  factoryId: number,
  meterId: number,
  m: GatewayMeterWrite,
): Promise<boolean> {
  const c = transportToColumns(m.transport);
  const rows = await db.query<{ id: number }>(
    `UPDATE gateway_meters SET node_id = $4, transport = $5, host = $6, port = $7,
       serial_path = $8, baud_rate = $9, parity = $10, stop_bits = $11, unit_id = $12,
       template = $13, poll_interval_ms = $14, updated_at = now()
     WHERE factory_id = $1 AND id = $2 AND gateway_id = $3 RETURNING id`,
    [factoryId, meterId, m.gatewayId, m.nodeId, c.transport, c.host, c.port, c.serial_path,
     c.baud_rate, c.parity, c.stop_bits, m.unitId, m.template, m.pollIntervalMs], // prettier-ignore
  );
  return rows.length > 0;
}

/** Removes a meter of this gateway; false when it has no such meter. */
export async function deleteGatewayMeter(
  db: Queryable,
  factoryId: number,
  gatewayId: number,
  meterId: number,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM gateway_meters WHERE factory_id = $1 AND gateway_id = $2 AND id = $3 RETURNING id',
    [factoryId, gatewayId, meterId],
  );
  return rows.length > 0;
}
