import type { Db, Queryable } from '../../../platform/db/db.ts';
import {
  DEMO_FACTORY,
  DEMO_FREQUENCY_HZ,
  DEMO_TREE,
  DEMO_USERS,
  type DemoNode,
} from '../demo-factory.ts';
import { hashPassword, type ScryptParams } from '../../auth/index.ts';
import { generateToken, hashToken } from '../../../platform/http/token.ts';
import { seedDemoAlarms } from './demo-alarms.ts';
import { seedDemoControls } from './demo-controls.ts';
import { seedDemoDemand } from './demo-demand.ts';
import { ensurePublishedFactors } from '../../carbon/index.ts';

// Same idea as the migration lock: instances starting together seed once.
const SEED_LOCK_KEY = 72_617_002;

export interface SeedResult {
  seeded: boolean;
  factoryId: number;
  /** Only on the first start: the demo gateway's ingest key (never stored in clear). */
  gatewayKey?: string;
}

async function insertNode(
  tx: Queryable,
  factoryId: number,
  node: DemoNode,
  parentId: number | null,
  sortOrder: number,
): Promise<void> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO nodes (factory_id, parent_id, type, ch_name, name, wiring, serial, breaker_type,
                        frequency_hz, has_reverse_kwh, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      factoryId,
      parentId,
      node.type,
      node.chName,
      node.name,
      node.wiring ?? null,
      node.serial ?? null,
      node.breakerType ?? null,
      node.type === 'virtual' ? null : DEMO_FREQUENCY_HZ,
      node.hasReverseKwh ?? false,
      sortOrder,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`Seeding node ${node.name} returned no id`);
  for (const [index, child] of (node.children ?? []).entries()) {
    await insertNode(tx, factoryId, child, id, index);
  }
}

/**
 * A gateway has one label, which an admin types in whatever language the site
 * uses; the seeded one carries both, as every seeded name a person sees does.
 */
export const DEMO_GATEWAY_NAME = 'Demo gateway 示範閘道器';

/**
 * Seeds the demo factory, its node tree, the two demo users and a gateway on
 * the first start, all in one transaction. Later starts find the factory and
 * change nothing.
 */
export async function seedDemo(db: Db, scrypt: ScryptParams): Promise<SeedResult> {
  const existing = await db.query<{ id: number }>('SELECT id FROM factories WHERE slug = $1', [
    DEMO_FACTORY.slug,
  ]);
  if (existing[0]) return { seeded: false, factoryId: existing[0].id };

  // Hash outside the transaction: scrypt is slow by design and holds no lock.
  const users = await Promise.all(
    DEMO_USERS.map(async (user) => ({ ...user, hash: await hashPassword(user.password, scrypt) })),
  );
  const gatewayKey = generateToken();

  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const again = await tx.query<{ id: number }>('SELECT id FROM factories WHERE slug = $1', [
      DEMO_FACTORY.slug,
    ]);
    if (again[0]) return { seeded: false, factoryId: again[0].id };

    const f = DEMO_FACTORY;
    const factoryRows = await tx.query<{ id: number }>(
      `INSERT INTO factories (slug, name, name_zh, time_zone, co2_factor, contract_capacity_kw)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [f.slug, f.name, f.nameZh, f.timeZone, f.co2Factor, f.contractCapacityKw],
    );
    const factoryId = factoryRows[0]?.id;
    if (factoryId === undefined) throw new Error('Seeding the demo factory returned no id');

    for (const user of users) {
      const added = await tx.query<{ id: number }>(
        'INSERT INTO users (factory_id, email, username, password_hash) VALUES ($1, $2, $3, $4) RETURNING id',
        [factoryId, user.email, user.username, user.hash],
      );
      // The home membership comes with the user (migration 042); its role is set here.
      await tx.query(
        'UPDATE factory_memberships SET role = $3 WHERE factory_id = $1 AND user_id = $2',
        [factoryId, added[0]!.id, user.role],
      );
    }
    await insertNode(tx, factoryId, DEMO_TREE, null, 0);
    await seedDemoAlarms(tx, factoryId);
    await seedDemoControls(tx, factoryId);
    await seedDemoDemand(tx, factoryId);
    await ensurePublishedFactors(tx, factoryId);
    await tx.query('INSERT INTO gateways (factory_id, name, ingest_key_hash) VALUES ($1, $2, $3)', [
      factoryId,
      DEMO_GATEWAY_NAME,
      hashToken(gatewayKey),
    ]);
    return { seeded: true, factoryId, gatewayKey };
  });
}
