import type { Queryable } from '../../../platform/db/db.ts';

export interface YearCertificates {
  kwh: number;
  note: string;
}

/** The T-REC kWh retired for a year (0 and '' without an entry). */
export async function certificatesOfYear(
  db: Queryable,
  factoryId: number,
  year: number,
): Promise<YearCertificates> {
  const rows = await db.query<{ kwh: number; note: string }>(
    'SELECT kwh, note FROM renewable_certificates WHERE factory_id = $1 AND year = $2',
    [factoryId, year],
  );
  return rows[0] ? { kwh: Number(rows[0].kwh), note: rows[0].note } : { kwh: 0, note: '' };
}

/** Sets a year's certificates; 0 kWh removes the entry. */
export async function saveCertificates(
  db: Queryable,
  factoryId: number,
  year: number,
  entry: YearCertificates,
): Promise<void> {
  if (entry.kwh === 0) {
    await db.query('DELETE FROM renewable_certificates WHERE factory_id = $1 AND year = $2', [
      factoryId,
      year,
    ]);
    return;
  }
  await db.query(
    `INSERT INTO renewable_certificates (factory_id, year, kwh, note) VALUES ($1, $2, $3, $4)
     ON CONFLICT (factory_id, year) DO UPDATE SET kwh = EXCLUDED.kwh, note = EXCLUDED.note`,
    [factoryId, year, entry.kwh, entry.note],
  );
}
