import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { boundedLine, inputId, writtenNumber } from '../input.ts';
import { localDate } from '../time.ts';
import { adminRequest } from './common.ts';
import { CONTRACT_CAPACITY_MAX_KW, contractCapacityInput } from './factory.ts';

/**
 * Billing points (issue #24): each Taipower account (電號) of the factory is a
 * monitoring point billed on its own net draw, with its own contract capacity
 * and meter-reading day; the factory's bill is their sum. The main point is
 * the factory's first top-level monitoring point (the Overview's root), always
 * there while the tree is; its capacity is also the factory settings'.
 */

/** The day of the month the meter is read: every month has days 1 to 28. */
export const METER_READING_DAY_MAX = 28;
export const meterReadingDay = writtenNumber.pipe(
  z
    .number()
    .int('meterReadingDay must be a whole day of the month')
    .min(1, 'meterReadingDay must be 1 or more')
    .max(METER_READING_DAY_MAX, `meterReadingDay must be at most ${METER_READING_DAY_MAX}`),
);

/** Taipower's account numbers are 11 digits, often printed with dashes. */
export const ACCOUNT_NUMBER_MAX = 20;
export const accountNumber = z
  .string({ error: 'accountNumber must be text' })
  .trim()
  .pipe(
    boundedLine(ACCOUNT_NUMBER_MAX, `accountNumber is at most ${ACCOUNT_NUMBER_MAX} characters`),
  )
  .refine((v) => /^[0-9 -]*$/.test(v), 'accountNumber may hold only digits, spaces and dashes');

const pointName = z.object({ nodeId: z.number().int(), chName: z.string(), name: z.string() });

/** kW of one contract type besides regular a person writes: 0 (none) or more. */
const otherContractKw = (field: string) =>
  writtenNumber.pipe(
    z
      .number()
      .min(0, `otherContractsKw.${field} must be 0 or more`)
      .max(
        CONTRACT_CAPACITY_MAX_KW,
        `otherContractsKw.${field} must be at most ${CONTRACT_CAPACITY_MAX_KW}`,
      ),
  );

/**
 * kW of the contract types besides regular (issue #24): 半尖峰 (three-stage
 * tariffs only), 非夏月 (two-stage only), 週六半尖峰 and 離峰; 0 = none. They
 * widen the capacity usable in their periods and are charged at their own
 * basic rates (the tariff's contractBasicRates).
 */
export const otherContractsInput = z.object({
  halfPeak: otherContractKw('halfPeak').default(0),
  nonSummer: otherContractKw('nonSummer').default(0),
  saturdayHalfPeak: otherContractKw('saturdayHalfPeak').default(0),
  offPeak: otherContractKw('offPeak').default(0),
});
export const otherContracts = z.object({
  halfPeak: z.number(),
  nonSummer: z.number(),
  saturdayHalfPeak: z.number(),
  offPeak: z.number(),
});
export type OtherContracts = z.infer<typeof otherContracts>;
export const NO_OTHER_CONTRACTS: OtherContracts = {
  halfPeak: 0,
  nonSummer: 0,
  saturdayHalfPeak: 0,
  offPeak: 0,
};

export const adminBillingPoint = pointName.extend({
  /** The factory's first top-level point; it cannot be removed. */
  main: z.boolean(),
  /** kW, regular contract (經常契約); null when not set (then no demand charge). */
  contractCapacityKw: z.number().nullable(),
  /** Additive: kW of the other contract types; all 0 for a regular-only contract. */
  otherContractsKw: otherContracts,
  /** 1–28; the bill runs from this day of one month to the day before it in the next. */
  meterReadingDay: z.number().int(),
  /** As the bill prints it; '' when not given. */
  accountNumber: z.string(),
  /**
   * Additive (decision 0081): the contract capacities by the meter-reading day
   * they began, oldest first; the bill of a period uses those in force on its
   * first day. Empty when the terms have not changed since they were entered.
   */
  contractHistory: z
    .array(
      z.object({
        validFrom: localDate,
        contractCapacityKw: z.number().nullable(),
        otherContractsKw: otherContracts,
      }),
    )
    .default([]),
});
export type AdminBillingPoint = z.infer<typeof adminBillingPoint>;

export const adminBillingPointsResponse = withResponseEnvelope({
  /** The main point first, then the others in channel-list order. */
  billingPoints: z.array(adminBillingPoint),
  /**
   * Top-level monitoring points with no billing point on or under them: their
   * energy is on no bill (Admin warns about them).
   */
  uncovered: z.array(pointName),
});
export type AdminBillingPointsResponse = z.infer<typeof adminBillingPointsResponse>;

export const adminBillingPointList = defineCall({
  method: 'POST',
  path: '/v1/Admin/BillingPoint/List',
  auth: true,
  request: adminRequest({}),
  response: adminBillingPointsResponse,
});

/**
 * Makes `nodeId` a billing point or changes one (the main point's figures are
 * the factory's). Refused (201 Fail) for a point above or below another
 * billing point, whose energy would be billed twice, and for a retired point.
 */
export const adminBillingPointSave = defineCall({
  method: 'POST',
  path: '/v1/Admin/BillingPoint/Save',
  auth: true,
  request: adminRequest({
    nodeId: inputId,
    contractCapacityKw: contractCapacityInput,
    /** Additive: absent keeps a regular-only contract. */
    otherContractsKw: otherContractsInput.default(NO_OTHER_CONTRACTS),
    meterReadingDay,
    accountNumber: accountNumber.default(''),
    /**
     * Additive (decision 0081): the meter-reading day from which the capacities
     * hold, on or before the first day of today's billing period; the bills of
     * earlier periods keep theirs. Absent: the first day of today's period.
     */
    appliesFrom: localDate.optional(),
  }),
  response: adminBillingPointsResponse,
});

/** Stops billing `nodeId` on its own; the main point cannot be removed (201 Fail). */
export const adminBillingPointRemove = defineCall({
  method: 'POST',
  path: '/v1/Admin/BillingPoint/Remove',
  auth: true,
  request: adminRequest({ nodeId: inputId }),
  response: adminBillingPointsResponse,
});

/** A contract type: 經常, 半尖峰, 非夏月, 週六半尖峰, 離峰. */
export const contractType = z.enum([
  'regular',
  'halfPeak',
  'nonSummer',
  'saturdayHalfPeak',
  'offPeak',
]);
export type ContractTypeName = z.infer<typeof contractType>;

/** What one contract capacity would have cost over the periods the advice looks at. */
export const capacityAdvice = z.object({
  /** kW of the regular contract (經常契約). */
  capacityKw: z.number(),
  /**
   * Additive: kW of the other contract types with it (current and best: the
   * point's own; bestCombination: the proposed ones, 0 where none is worth buying).
   */
  otherContractsKw: otherContracts,
  /** TWD over the periods. */
  basicCharge: z.number(),
  penalty: z.number(),
  total: z.number(),
  /** The periods it would have been exceeded in, with the penalty of each (TWD). */
  penalised: z.array(
    z.object({ from: z.string(), to: z.string(), peakKw: z.number(), penalty: z.number() }),
  ),
});
export type CapacityAdvice = z.infer<typeof capacityAdvice>;

export const adminBillingPointAdviceResponse = withResponseEnvelope({
  nodeId: z.number().int(),
  /**
   * The point's last complete billing periods (up to 12) that have data, oldest
   * first: each with its highest complete 15-minute block of net draw (kW) and
   * its basic rate (TWD per kW, prorated by day across seasons).
   */
  periods: z.array(
    z.object({ from: z.string(), to: z.string(), peakKw: z.number(), basicRatePerKw: z.number() }),
  ),
  /**
   * kW; the smallest contract the advice proposes, by the tariff's voltage
   * (Taipower T1 p.50): 100 at high voltage, 1 at low voltage.
   */
  minimumKw: z.number(),
  /** The point's contract capacity over the same periods; null when it has none. */
  current: capacityAdvice.nullable(),
  /** The whole-kW regular contract that would have cost least; null without data. */
  best: capacityAdvice.nullable(),
  /** TWD; current − best over the periods, scaled to 12 periods; null when either is null. */
  yearlySaving: z.number().nullable(),
  /**
   * Additive: the contract types the tariff in force at the end of the last
   * period prices and bestCombination chose among; ['regular'] without
   * contract-type rates. Half-peak belongs to three-stage, non-summer to
   * two-stage tariffs.
   */
  contractTypes: z.array(contractType),
  /**
   * Additive: the whole-kW combination of every type in contractTypes (regular
   * at least minimumKw) that would have cost least; null without data.
   */
  bestCombination: capacityAdvice.nullable(),
  /** Additive: TWD; current − bestCombination, scaled as yearlySaving; null when either is null. */
  combinationYearlySaving: z.number().nullable(),
  /**
   * Additive: the tariff in force at the end of the last period bills an
   * installed-capacity contract (裝置契約, low voltage): charged on the
   * installed kW, never over contract, so there is no capacity to choose and
   * best, bestCombination and the savings are null.
   */
  installedContract: z.boolean(),
});
export type AdminBillingPointAdviceResponse = z.infer<typeof adminBillingPointAdviceResponse>;

/**
 * The contract-capacity advisor (issue #24): from the point's last 12 complete
 * billing periods of 15-minute demand, the regular contract capacity that
 * would have minimised basic charge plus over-contract penalties.
 */
export const adminBillingPointAdvice = defineCall({
  method: 'POST',
  path: '/v1/Admin/BillingPoint/Advice',
  auth: true,
  request: adminRequest({ nodeId: inputId }),
  response: adminBillingPointAdviceResponse,
});
