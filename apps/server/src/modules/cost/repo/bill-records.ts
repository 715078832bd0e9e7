import { BILL_LINES, type BillFigures, type BillLine } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';

/** A Taipower bill as entered (migration 022). */
export interface BillRecord {
  id: number;
  nodeId: number;
  periodFrom: string;
  periodTo: string;
  figures: BillFigures;
}

const COLUMN: Record<BillLine, string> = {
  kwhPeak: 'kwh_peak',
  kwhHalfPeak: 'kwh_half_peak',
  kwhSaturdayHalfPeak: 'kwh_saturday_half_peak',
  kwhOffPeak: 'kwh_off_peak',
  maxDemandKw: 'max_demand_kw',
  powerFactorPercent: 'power_factor_percent',
  basicCharge: 'basic_charge',
  energyCharge: 'energy_charge',
  penalty: 'penalty',
  powerFactorAdjustment: 'power_factor_adjustment',
  total: 'total',
};
const LINE_COLUMNS = BILL_LINES.map((line) => `${COLUMN[line]} AS "${line}"`).join(', ');
const day = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/** The factory's bills, newest period first. */
export async function billRecords(db: Queryable, factoryId: number): Promise<BillRecord[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT id, node_id AS "nodeId", period_from::text AS "periodFrom", period_to::text AS "periodTo",
            ${LINE_COLUMNS}
       FROM bill_records WHERE factory_id = $1
      ORDER BY period_from DESC, node_id`,
    [factoryId],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    nodeId: Number(row.nodeId),
    periodFrom: day(row.periodFrom as string),
    periodTo: day(row.periodTo as string),
    figures: Object.fromEntries(
      BILL_LINES.map((line) => [line, row[line] === null ? null : Number(row[line])]),
    ) as BillFigures,
  }));
}

export interface EnteredBill {
  nodeId: number;
  periodFrom: string;
  periodTo: string;
  figures: BillFigures;
}

/** Saves a bill; the same point and first day replaces the one saved before. Its id. */
export async function saveBillRecord(
  db: Queryable,
  factoryId: number,
  bill: EnteredBill,
  createdBy: string,
): Promise<{ id: number; replaced: boolean }> {
  const columns = BILL_LINES.map((line) => COLUMN[line]);
  const values = BILL_LINES.map((line) => bill.figures[line]);
  const rows = await db.query<{ id: number; replaced: boolean }>(
    `INSERT INTO bill_records (factory_id, node_id, period_from, period_to, created_by, ${columns.join(', ')})
     VALUES ($1, $2, $3::date, $4::date, $5, ${columns.map((_, i) => `$${i + 6}`).join(', ')})
     ON CONFLICT (factory_id, node_id, period_from) DO UPDATE
        SET period_to = EXCLUDED.period_to, created_by = EXCLUDED.created_by,
            created_at = now(), ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}
     RETURNING id, (xmax <> 0) AS replaced`,
    [factoryId, bill.nodeId, bill.periodFrom, bill.periodTo, createdBy, ...values],
  );
  return { id: Number(rows[0]!.id), replaced: rows[0]!.replaced };
}

/** Removes a bill; false when the factory has none with that id. */
export async function removeBillRecord(db: Queryable, factoryId: number, billId: number) {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM bill_records WHERE factory_id = $1 AND id = $2 RETURNING id',
    [factoryId, billId],
  );
  return rows.length > 0;
}
