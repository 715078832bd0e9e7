import { contractBasicRates, tariffStages, type ContractBasicRates } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';

/** What a contract's types need from the tariff in force: its stages and the types' rates. */
export interface ContractTariffTerms {
  stages: 'threeStage' | 'twoStage';
  rates: ContractBasicRates | null;
}

/**
 * The stages and contract-type rates of the tariff version in force on `date`
 * (factory-local) for a billing point: its own tariff if it has one, else the
 * factory's (`pointNodeId` null: the main point; decision 0065). Read straight
 * from the stored definition: the cost module, which prices with the whole
 * history, depends on this one, not the other way round. Null without a version.
 */
export async function contractTariffTerms(
  db: Queryable,
  factoryId: number,
  date: string,
  pointNodeId: number | null = null,
): Promise<ContractTariffTerms | null> {
  // One object, so both drivers hand it back the same way (PGlite parses jsonb, pg may not).
  const rows = await db.query<{ terms: unknown }>(
    `SELECT jsonb_build_object('stages', definition -> 'stages',
                               'rates', definition -> 'contractBasicRates') AS terms
       FROM tariff_versions
      WHERE factory_id = $1 AND valid_from <= $2::date
        AND (node_id = $3
             OR (node_id IS NULL AND NOT EXISTS (
                  SELECT 1 FROM tariff_versions own WHERE own.factory_id = $1 AND own.node_id = $3)))
      ORDER BY valid_from DESC LIMIT 1`,
    [factoryId, date, pointNodeId],
  );
  const row = rows[0];
  if (!row) return null;
  const terms = (typeof row.terms === 'string' ? JSON.parse(row.terms) : row.terms) as {
    stages?: unknown;
    rates?: unknown;
  };
  // Versions saved before these fields: three-stage, no other types (the contract's defaults).
  return {
    stages: tariffStages.catch('threeStage').parse(terms.stages ?? undefined),
    rates: contractBasicRates
      .nullable()
      .catch(null)
      .parse(terms.rates ?? null),
  };
}
