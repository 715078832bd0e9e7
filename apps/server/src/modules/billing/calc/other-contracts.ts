import type { OtherContracts } from '@wattboard/contract';
import type { ContractTariffTerms } from '../repo/tariff-terms.ts';

export type OtherContractsProblem = 'needsRegular' | 'notInTariff';

/**
 * Why a billing point's other contract types cannot be saved, or null:
 * - any of them without a regular capacity (a Saturday/off-peak-only contract
 *   is billed 4.8× for use in weekday hours, which is not modelled);
 * - a type the tariff in force cannot bill: half-peak outside three-stage,
 *   non-summer outside two-stage, or a type without a basic rate in either
 *   season (or a tariff without contract-type rates at all).
 */
export function otherContractsProblem(
  regularKw: number | null,
  others: OtherContracts,
  terms: ContractTariffTerms | null,
): OtherContractsProblem | null {
  const used = (Object.keys(others) as (keyof OtherContracts)[]).filter((type) => others[type] > 0);
  if (used.length === 0) return null;
  if (regularKw === null) return 'needsRegular';
  if (!terms || !terms.rates) return 'notInTariff';
  const rates = terms.rates;
  for (const type of used) {
    if (type === 'halfPeak' && terms.stages !== 'threeStage') return 'notInTariff';
    if (type === 'nonSummer' && terms.stages !== 'twoStage') return 'notInTariff';
    if (rates.summer[type] === null && rates.nonSummer[type] === null) return 'notInTariff';
  }
  return null;
}
