import { z } from 'zod';
import { boundedLine, writtenNumber } from './input.ts';

/**
 * Additive tariff fields for Taipower's low-voltage power tariffs and the
 * industry coefficient (issue #24, decision 0068). Every field defaults so a
 * version saved before them parses unchanged and bills as before.
 */

/**
 * 需量契約 (demand: contract capacity and 15-minute maximum demand, as every
 * high-voltage contract) or 裝置契約 (installed capacity: kW of installed
 * equipment, low voltage only, no demand measured).
 */
export const CONTRACT_BASES = ['demand', 'installed'] as const;
export const contractBasis = z.enum(CONTRACT_BASES, {
  error: 'contractBasis must be demand or installed',
});
export type ContractBasis = z.infer<typeof contractBasis>;

/**
 * The per-account basic charge (按戶計收), TWD per account per month: 262.50
 * or 105.00 in the low-voltage time-of-use tables; 0 where a table has none.
 */
export const customerChargePerMonth = writtenNumber
  .pipe(
    z
      .number()
      .min(0, 'customerChargePerMonth must be 0 or more')
      .max(1_000_000, 'customerChargePerMonth must be at most 1000000'),
  )
  .default(0);

/**
 * The customer's industry (行業別, printed on Taipower's bill) and the
 * coefficient Taipower's table gives it in this tariff's column (電價調整係數,
 * 電價表 附錄一): the whole bill computed from the table is multiplied by it.
 * Null (as in versions saved before it): an industry the table does not list, ×1.
 */
export const tariffIndustry = z.object({
  /** The industry's code as the bill prints it (e.g. "261"). */
  code: boundedLine(20, 'industry.code is at most 20 characters').pipe(
    z.string().trim().min(1, 'industry.code is required'),
  ),
  coefficient: writtenNumber.pipe(
    z
      .number()
      .gt(0, 'industry.coefficient must be more than 0')
      .max(2, 'industry.coefficient must be at most 2'),
  ),
});
export type TariffIndustry = z.infer<typeof tariffIndustry>;

/** The additive fields, spread into tariffDefinition. */
export const tariffAccountFields = {
  customerChargePerMonth,
  contractBasis: contractBasis.default('demand'),
  /**
   * False: one energy rate all day (非時間電價). Every day is one 00:00–24:00
   * range billed at the day's `peak` rate and held against the contract as
   * two-stage peak hours, which is the non-time-of-use rule (tariff-rules.ts).
   */
  timeOfUse: z.boolean().default(true),
  industry: tariffIndustry.nullable().default(null),
};
