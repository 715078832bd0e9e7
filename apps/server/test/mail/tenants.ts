import type { Db } from '../../src/platform/db/db.ts';
import { hashPassword, scryptParams } from '../../src/modules/auth/password.ts';

export interface OtherTenant {
  factoryId: number;
  email: string;
  password: string;
}

/** The seeded demo factory's id. */
export async function demoFactoryId(db: Db): Promise<number> {
  const rows = await db.query<{ id: number }>("SELECT id FROM factories WHERE slug = 'demo'");
  if (!rows[0]) throw new Error('the demo factory is not seeded');
  return rows[0].id;
}

/** A second factory with one user, to prove that nothing crosses between tenants. */
export async function addOtherTenant(db: Db, slug = 'berlin'): Promise<OtherTenant> {
  const email = `ops@${slug}.example`;
  const password = `${slug}-password`;
  const factory = await db.query<{ id: number }>(
    `INSERT INTO factories (slug, name, name_zh, time_zone)
     VALUES ($1, 'Berlin Plant', '柏林廠', 'Europe/Berlin') RETURNING id`,
    [slug],
  );
  const factoryId = factory[0]!.id;
  await db.query(
    'INSERT INTO users (factory_id, email, username, password_hash) VALUES ($1, $2, $3, $4)',
    [factoryId, email, `${slug}-ops`, await hashPassword(password, scryptParams(10))],
  );
  return { factoryId, email, password };
}
