import type { Db } from '../../../platform/db/db.ts';
import { hashPassword, type ScryptParams } from '../../auth/index.ts';
import { insertGateway, insertNode } from './provisioning.ts';
import { ensureDefaultTariffs } from '../../cost/index.ts';
import { ensurePublishedFactors } from '../../carbon/index.ts';
import type { AddFactoryInput } from '../cli/add-factory-args.ts';
import { ADMIN_USERNAME } from '../../auth/index.ts';

export interface AddedFactory {
  factoryId: number;
  meterId: number;
  /** Shown once; only its hash is stored. */
  gatewayKey: string;
}

/**
 * Onboards a factory in one transaction: the factory, its Admin user, one
 * three-phase meter and a gateway key for its readings. Refuses a slug or
 * e-mail that already exists, changing nothing.
 */
export async function addFactory(
  db: Db,
  input: AddFactoryInput,
  scrypt: ScryptParams,
): Promise<AddedFactory> {
  const passwordHash = await hashPassword(input.password, scrypt);
  return db.transaction(async (tx) => {
    const taken = await tx.query<{ what: string }>(
      `SELECT 'slug' AS what FROM factories WHERE slug = $1
       UNION ALL SELECT 'email' FROM users WHERE email = $2`,
      [input.slug, input.email],
    );
    if (taken.length > 0) {
      throw new Error(`already exists: ${taken.map((row) => row.what).join(', ')}`);
    }
    const factory = await tx.query<{ id: number }>(
      'INSERT INTO factories (slug, name, name_zh, time_zone) VALUES ($1, $2, $3, $4) RETURNING id',
      [input.slug, input.name, input.nameZh, input.timeZone],
    );
    const factoryId = factory[0]!.id;
    await tx.query(
      'INSERT INTO users (factory_id, email, username, password_hash) VALUES ($1, $2, $3, $4)',
      [factoryId, input.email, ADMIN_USERNAME, passwordHash],
    );
    const meterId = await insertNode(tx, factoryId, {
      type: 'smartMeter',
      parentId: null,
      name: 'Main meter',
      chName: '總電表',
      serial: input.meterSerial,
      wiring: 'a,b,c',
      frequencyHz: 60,
    });
    const gateway = await insertGateway(tx, factoryId, `${input.name} gateway`);
    await ensureDefaultTariffs(tx, factoryId);
    await ensurePublishedFactors(tx, factoryId);
    return { factoryId, meterId, gatewayKey: gateway.key };
  });
}
