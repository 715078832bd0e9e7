import type { Queryable } from '../../../platform/db/db.ts';
import type { GatewayFactory } from '../commands.ts';

/** The factory's id and slug: a gateway's topics name the factory by either. */
export async function findGatewayFactory(
  db: Queryable,
  factoryId: number,
): Promise<GatewayFactory | null> {
  const rows = await db.query<{ id: number; slug: string }>(
    'SELECT id, slug FROM factories WHERE id = $1',
    [factoryId],
  );
  return rows[0] ? { id: rows[0].id, slug: rows[0].slug } : null;
}
