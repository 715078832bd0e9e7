import type { Season, TariffDefinition } from '@wattboard/contract';
import { monthBasicCharge, type BasicRates, type ContractCapacities } from './contract-capacity.ts';
import type { TariffSchedule } from './tariff-schedule.ts';

/**
 * The charges of a Taipower account beyond energy and contract capacity
 * (issue #24, decision 0068): the low-voltage per-account charge (按戶計收),
 * the installed-capacity contract (裝置契約) and the industry coefficient
 * (電價調整係數). Pure; period-demand.ts and the bill (point-bill.ts,
 * repo/period-bill.ts) call them.
 */

export const isInstalled = (definition: TariffDefinition) =>
  definition.contractBasis === 'installed';

/**
 * A month's basic charge of one version and season. An installed-capacity
 * contract is charged on the installed kW (the point's contract capacity)
 * at the installed rate (`basicChargePerKw`), whatever the demand; a demand
 * contract with every type as Taipower's rule (contract-capacity.ts). T1
 * 第四章 七(一): no over-contract charge on an installed contract; a demand
 * above it moves the account to demand-contract rates (a new version).
 */
export function versionMonthBasic(
  definition: TariffDefinition,
  season: Season,
  capacities: ContractCapacities,
  rates: BasicRates,
): number {
  if (isInstalled(definition)) return capacities.regular * definition.basicChargePerKw[season];
  return monthBasicCharge(definition.stages, season, capacities, rates);
}

/**
 * The per-account charge of a reading period (`dates`, all its local days):
 * each day covered by a version is 1/(days) of that version's monthly charge,
 * as the basic charge is prorated. 0 for tables without one (high voltage).
 */
export function periodCustomerCharge(schedule: TariffSchedule, dates: readonly string[]): number {
  let charge = 0;
  for (const date of dates) {
    const version = schedule.versionOn(date);
    if (version) charge += version.definition.customerChargePerMonth / dates.length;
  }
  return charge;
}

/**
 * The industry coefficient the period's bill is multiplied by: that of the
 * version on the period's last covered day (the version that decides the
 * over-contract terms too); 1 without an industry. A reading: Taipower's
 * table does not say how a period across a change of coefficient is split.
 */
export function periodIndustryCoefficient(
  schedule: TariffSchedule,
  dates: readonly string[],
): number {
  for (const date of [...dates].reverse()) {
    const version = schedule.versionOn(date);
    if (version) return version.definition.industry?.coefficient ?? 1;
  }
  return 1;
}

/** What a period's bill adds to and multiplies its table charges by. */
export interface AccountTerms {
  /** TWD, the period's per-account charge (0: none). */
  customerCharge: number;
  /** The industry coefficient (1: none). */
  coefficient: number;
}

export function accountTerms(schedule: TariffSchedule, dates: readonly string[]): AccountTerms {
  return {
    customerCharge: periodCustomerCharge(schedule, dates),
    coefficient: periodIndustryCoefficient(schedule, dates),
  };
}

/**
 * The bill's basic-charge line: the contract's basic charge plus the
 * per-account charge, both 基本電費 in Taipower's table; null (no contract,
 * no per-account charge) stays null.
 */
export function basicChargeLine(contractBasic: number | null, customerCharge: number) {
  return customerCharge === 0 ? contractBasic : (contractBasic ?? 0) + customerCharge;
}

/**
 * A bill's total: energy + basic (contract and per-account) + over-contract
 * + the power-factor adjustment (on the contract's basic and energy charges
 * only: T1 p.20 exempts the per-account charge), all × the industry
 * coefficient, which Taipower applies to the whole bill computed from the
 * table (附錄一). Its order against the power-factor adjustment is not stated:
 * multiplying the sum makes the order immaterial.
 */
export function billTotal(
  parts: { energy: number; contractBasic: number; penalty: number; adjustment: number },
  terms: AccountTerms,
): number {
  const { energy, contractBasic, penalty, adjustment } = parts;
  return (energy + contractBasic + terms.customerCharge + penalty + adjustment) * terms.coefficient;
}
