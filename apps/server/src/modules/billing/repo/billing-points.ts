import type { OtherContracts } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { factoryRoot, flattenNodeTree, type TreeNode } from '../../factory/index.ts';
import { disjointPoints } from '../calc/coverage.ts';

/** A Taipower account of the factory: the node it is billed on and its contract terms. */
export interface BillingPoint {
  nodeId: number;
  /** The factory root, whose terms are kept on the factory row (migration 020). */
  main: boolean;
  contractCapacityKw: number | null;
  /** kW of the contract types besides regular (migration 023); 0 = none. */
  otherContractsKw: OtherContracts;
  meterReadingDay: number;
  accountNumber: string;
}

interface TermsRow {
  node_id: number | null;
  contract_capacity_kw: number | null;
  meter_reading_day: number;
  account_number: string;
  half_peak: number;
  non_summer: number;
  saturday_half_peak: number;
  off_peak: number;
}

/** The per-type columns, in the order the SQL below lists them. */
const OTHER_COLUMNS = `contract_half_peak_kw AS half_peak, contract_non_summer_kw AS non_summer,
  contract_saturday_half_peak_kw AS saturday_half_peak, contract_off_peak_kw AS off_peak`;

const toPoint = (nodeId: number, main: boolean, row: TermsRow): BillingPoint => ({
  nodeId,
  main,
  contractCapacityKw: row.contract_capacity_kw === null ? null : Number(row.contract_capacity_kw),
  otherContractsKw: {
    halfPeak: Number(row.half_peak),
    nonSummer: Number(row.non_summer),
    saturdayHalfPeak: Number(row.saturday_half_peak),
    offPeak: Number(row.off_peak),
  },
  meterReadingDay: Number(row.meter_reading_day),
  accountNumber: row.account_number,
});

/**
 * The factory's billing points among its active `nodes`: the root first (the
 * main point), then the saved further points in channel-list order. A saved
 * point that is retired, or that a rearranged tree put above or below an
 * earlier point, is left out, so no energy is billed twice.
 */
export async function billingPoints(
  db: Queryable,
  factoryId: number,
  nodes: readonly TreeNode[],
): Promise<BillingPoint[]> {
  const root = factoryRoot(nodes);
  if (!root) return [];
  const rows = await db.query<TermsRow>(
    `SELECT NULL::integer AS node_id, contract_capacity_kw, meter_reading_day, account_number,
            ${OTHER_COLUMNS}
       FROM factories WHERE id = $1
     UNION ALL
     SELECT node_id, contract_capacity_kw, meter_reading_day, account_number, ${OTHER_COLUMNS}
       FROM billing_points WHERE factory_id = $1`,
    [factoryId],
  );
  const mainRow = rows.find((row) => row.node_id === null);
  if (!mainRow) return [];
  const saved = new Map(rows.flatMap((row) => (row.node_id === null ? [] : [[row.node_id, row]])));
  const order = flattenNodeTree(nodes).map((item) => item.id);
  const candidates = [root.id, ...order.filter((id) => id !== root.id && saved.has(id))];
  return disjointPoints(nodes, candidates).map((id) =>
    id === root.id ? toPoint(id, true, mainRow) : toPoint(id, false, saved.get(id)!),
  );
}

/** Serialises changes to one factory's billing points (the nesting check reads, then writes). */
export async function lockFactory(db: Queryable, factoryId: number) {
  await db.query('SELECT id FROM factories WHERE id = $1 FOR UPDATE', [factoryId]);
}

export type PointTerms = Omit<BillingPoint, 'nodeId' | 'main'>;

const otherValues = (terms: PointTerms) => [
  terms.otherContractsKw.halfPeak,
  terms.otherContractsKw.nonSummer,
  terms.otherContractsKw.saturdayHalfPeak,
  terms.otherContractsKw.offPeak,
];

/** The main point's terms live on the factory row, which the factory settings also edit. */
export async function saveMainTerms(db: Queryable, factoryId: number, terms: PointTerms) {
  await db.query(
    `UPDATE factories SET contract_capacity_kw = $2, meter_reading_day = $3, account_number = $4,
            contract_half_peak_kw = $5, contract_non_summer_kw = $6,
            contract_saturday_half_peak_kw = $7, contract_off_peak_kw = $8
      WHERE id = $1`,
    [
      factoryId,
      terms.contractCapacityKw,
      terms.meterReadingDay,
      terms.accountNumber,
      ...otherValues(terms),
    ],
  );
}

/** Adds a further billing point or changes its terms. */
export async function savePoint(
  db: Queryable,
  factoryId: number,
  nodeId: number,
  terms: PointTerms,
) {
  await db.query(
    `INSERT INTO billing_points (factory_id, node_id, contract_capacity_kw, meter_reading_day,
                                 account_number, contract_half_peak_kw, contract_non_summer_kw,
                                 contract_saturday_half_peak_kw, contract_off_peak_kw)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (node_id, factory_id) DO UPDATE
        SET contract_capacity_kw = EXCLUDED.contract_capacity_kw,
            meter_reading_day = EXCLUDED.meter_reading_day,
            account_number = EXCLUDED.account_number,
            contract_half_peak_kw = EXCLUDED.contract_half_peak_kw,
            contract_non_summer_kw = EXCLUDED.contract_non_summer_kw,
            contract_saturday_half_peak_kw = EXCLUDED.contract_saturday_half_peak_kw,
            contract_off_peak_kw = EXCLUDED.contract_off_peak_kw`,
    [
      factoryId,
      nodeId,
      terms.contractCapacityKw,
      terms.meterReadingDay,
      terms.accountNumber,
      ...otherValues(terms),
    ],
  );
}

/**
 * Stops billing a further point on its own, and deletes its own tariff
 * versions (decision 0065); null when it was not one.
 */
export async function removePoint(db: Queryable, factoryId: number, nodeId: number) {
  const rows = await db.query<{ node_id: number }>(
    'DELETE FROM billing_points WHERE factory_id = $1 AND node_id = $2 RETURNING node_id',
    [factoryId, nodeId],
  );
  if (rows.length === 0) return null;
  const tariff = await db.query<{ id: number }>(
    'DELETE FROM tariff_versions WHERE factory_id = $1 AND node_id = $2 RETURNING id',
    [factoryId, nodeId],
  );
  return { tariffVersions: tariff.length };
}
