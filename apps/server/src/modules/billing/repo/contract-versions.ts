import type { Queryable } from '../../../platform/db/db.ts';
import { billingPeriodOf } from '../calc/billing-period.ts';
import {
  SINCE_ALWAYS,
  versionsAfterChange,
  type ContractTerms,
  type ContractVersion,
} from '../calc/contract-versions.ts';

/** The key of a billing point's versions: 0 for the factory's main point (migration 036). */
export const versionKey = (point: { main: boolean; nodeId: number }) =>
  point.main ? 0 : point.nodeId;

interface VersionRow {
  point_node_id: number;
  valid_from: string;
  contract_capacity_kw: number | null;
  half_peak: number;
  non_summer: number;
  saturday_half_peak: number;
  off_peak: number;
}

/** Every billing point's dated contract terms, oldest first, by versionKey. */
export async function contractVersions(
  db: Queryable,
  factoryId: number,
): Promise<Map<number, ContractVersion[]>> {
  const rows = await db.query<VersionRow>(
    `SELECT point_node_id, valid_from::text AS valid_from, contract_capacity_kw,
            contract_half_peak_kw AS half_peak, contract_non_summer_kw AS non_summer,
            contract_saturday_half_peak_kw AS saturday_half_peak, contract_off_peak_kw AS off_peak
       FROM contract_term_versions WHERE factory_id = $1
      ORDER BY point_node_id, valid_from`,
    [factoryId],
  );
  const out = new Map<number, ContractVersion[]>();
  for (const row of rows) {
    const list = out.get(row.point_node_id) ?? [];
    list.push({
      validFrom: row.valid_from,
      contractCapacityKw:
        row.contract_capacity_kw === null ? null : Number(row.contract_capacity_kw),
      otherContractsKw: {
        halfPeak: Number(row.half_peak),
        nonSummer: Number(row.non_summer),
        saturdayHalfPeak: Number(row.saturday_half_peak),
        offPeak: Number(row.off_peak),
      },
    });
    out.set(row.point_node_id, list);
  }
  return out;
}

/**
 * Records that a point's terms become `next` from the meter-reading day `from`
 * (checked by the caller: changeDayProblem). A single version holding since
 * always is the same as none, so none is kept. The caller saves `next` on the
 * point's row: the terms in force today.
 */
export async function recordContractChange(
  tx: Queryable,
  factoryId: number,
  key: number,
  previous: ContractTerms,
  next: ContractTerms,
  from: string,
): Promise<ContractVersion[]> {
  const existing = (await contractVersions(tx, factoryId)).get(key) ?? [];
  const versions = versionsAfterChange(existing, previous, next, from);
  await deleteContractVersions(tx, factoryId, key);
  if (versions.length === 1 && versions[0]!.validFrom === SINCE_ALWAYS) return [];
  for (const version of versions) {
    const others = version.otherContractsKw;
    await tx.query(
      `INSERT INTO contract_term_versions (factory_id, point_node_id, valid_from,
              contract_capacity_kw, contract_half_peak_kw, contract_non_summer_kw,
              contract_saturday_half_peak_kw, contract_off_peak_kw)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        factoryId,
        key,
        version.validFrom,
        version.contractCapacityKw,
        others.halfPeak,
        others.nonSummer,
        others.saturdayHalfPeak,
        others.offPeak,
      ],
    );
  }
  return versions;
}

/** Forgets a point's dated terms (it stopped being a billing point). */
export async function deleteContractVersions(tx: Queryable, factoryId: number, key: number) {
  await tx.query(
    'DELETE FROM contract_term_versions WHERE factory_id = $1 AND point_node_id = $2',
    [factoryId, key],
  );
}

/**
 * Admin › Factory saves the main point's regular capacity without a date (the
 * spec's call): a different capacity holds from the first day of today's
 * billing period, as the billing-point form's default. Call it before the
 * factory row changes.
 */
export async function recordMainCapacityChange(
  tx: Queryable,
  factoryId: number,
  nextKw: number | null,
  today: string,
) {
  const rows = await tx.query<Omit<VersionRow, 'point_node_id' | 'valid_from'> & { day: number }>(
    `SELECT contract_capacity_kw, meter_reading_day AS day,
            contract_half_peak_kw AS half_peak, contract_non_summer_kw AS non_summer,
            contract_saturday_half_peak_kw AS saturday_half_peak, contract_off_peak_kw AS off_peak
       FROM factories WHERE id = $1`,
    [factoryId],
  );
  const row = rows[0];
  const previousKw =
    !row || row.contract_capacity_kw === null ? null : Number(row.contract_capacity_kw);
  if (!row || previousKw === nextKw) return;
  const otherContractsKw = {
    halfPeak: Number(row.half_peak),
    nonSummer: Number(row.non_summer),
    saturdayHalfPeak: Number(row.saturday_half_peak),
    offPeak: Number(row.off_peak),
  };
  await recordContractChange(
    tx,
    factoryId,
    0,
    { contractCapacityKw: previousKw, otherContractsKw },
    { contractCapacityKw: nextKw, otherContractsKw },
    billingPeriodOf(today, Number(row.day)).from,
  );
}
