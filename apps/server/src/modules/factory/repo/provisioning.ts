/**
 * Creating monitoring points and gateway keys: shared by the factory:add
 * command and the Admin page, so both store them alike.
 */
import type { Wiring } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { generateToken, hashToken } from '../../../platform/http/token.ts';

export interface NewNode {
  type: 'smartMeter' | 'circuit' | 'virtual';
  parentId: number | null;
  name: string;
  chName: string;
  serial: string | null;
  wiring: Wiring | null;
  breakerType?: string | null;
  frequencyHz?: number | null;
  hasReverseKwh?: boolean;
}

/** Inserts a node (last among its siblings) and returns its id. */
export async function insertNode(tx: Queryable, factoryId: number, node: NewNode): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO nodes (factory_id, parent_id, type, name, ch_name, serial, wiring, breaker_type,
                        frequency_hz, has_reverse_kwh, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
             (SELECT COALESCE(max(sort_order) + 1, 0) FROM nodes
               WHERE factory_id = $1 AND parent_id IS NOT DISTINCT FROM $2))
     RETURNING id`,
    [
      factoryId,
      node.parentId,
      node.type,
      node.name,
      node.chName,
      node.serial,
      node.wiring,
      node.breakerType ?? null,
      node.frequencyHz ?? null,
      node.hasReverseKwh ?? false,
    ],
  );
  return rows[0]!.id;
}

/** A new gateway and its key (returned once; only the SHA-256 is stored). */
export async function insertGateway(
  tx: Queryable,
  factoryId: number,
  name: string,
): Promise<{ id: number; key: string }> {
  const key = generateToken();
  const rows = await tx.query<{ id: number }>(
    'INSERT INTO gateways (factory_id, name, ingest_key_hash) VALUES ($1, $2, $3) RETURNING id',
    [factoryId, name, hashToken(key)],
  );
  return { id: rows[0]!.id, key };
}
