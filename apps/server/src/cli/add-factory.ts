import type { Db } from '../db/db.ts';
import { hashPassword, type ScryptParams } from '../domain/password.ts';
import { generateToken, hashToken } from '../domain/token.ts';
import type { AddFactoryInput } from './add-factory-args.ts';

export interface AddedFactory {
  factoryId: number;
  meterId: number;
  /** Shown once; only its hash is stored. */
  gatewayKey: string;
}

/**
 * Onboards a factory in one transaction: the factory, its first user, one
 * three-phase meter and a gateway key for its readings. Refuses a slug or
 * e-mail that already exists, changing nothing.
 */
export async function addFactory(
  db: Db,
  input: AddFactoryInput,
  scrypt: ScryptParams,
): Promise<AddedFactory> {
  const passwordHash = await hashPassword(input.password, scrypt);
  const gatewayKey = generateToken();
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
      [factoryId, input.email, input.username, passwordHash],
    );
    const meter = await tx.query<{ id: number }>(
      `INSERT INTO nodes (factory_id, type, ch_name, name, wiring, serial, frequency_hz)
       VALUES ($1, 'smartMeter', '總電表', 'Main meter', 'a,b,c', $2, 60) RETURNING id`,
      [factoryId, input.meterSerial],
    );
    await tx.query('INSERT INTO gateways (factory_id, name, ingest_key_hash) VALUES ($1, $2, $3)', [
      factoryId,
      `${input.name} gateway`,
      hashToken(gatewayKey),
    ]);
    return { factoryId, meterId: meter[0]!.id, gatewayKey };
  });
}
