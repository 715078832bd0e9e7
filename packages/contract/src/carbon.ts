import { z } from 'zod';
import { defineCall } from './call.ts';
import { factoryIdField } from './channel.ts';
import { withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import { writtenNumber } from './input.ts';
import { numeric, numericId } from './numeric.ts';

/**
 * The yearly Scope 2 report (issue #27): a factory's grid electricity and its
 * location-based emissions by month, per billing point and in total, with the
 * emission factor of that year (docs/carbon.md), and the carbon-fee exposure
 * of those emissions at the published rates, for information.
 */

/** NT$ per tonne CO2e: the general rate, and the two rates with an approved reduction plan. */
export const CARBON_FEE_RATES = [300, 100, 50] as const;

export const scope2Request = withRequestEnvelope({
  factoryId: factoryIdField,
  year: writtenNumber.pipe(
    z
      .number()
      .int('year must be a whole year')
      .min(1990, 'year must be 1990 or later')
      .max(2100, 'year must be 2100 or earlier'),
  ),
});

export const scope2Month = z.object({
  /** 'YYYY-MM', factory-local. */
  month: z.string(),
  /** Net grid energy (forward − reverse), kWh, 3 decimals. */
  kwh: numeric,
  /** kWh × the year's factor, tonnes CO2e, 3 decimals (to the kg). */
  tco2e: numeric,
});
export type Scope2Month = z.infer<typeof scope2Month>;

export const scope2Point = z.object({
  nodeId: numericId,
  chName: z.string(),
  name: z.string(),
  /** The Taipower account number (電號); '' when not entered. */
  accountNumber: z.string(),
  months: z.array(scope2Month),
  kwh: numeric,
  tco2e: numeric,
});
export type Scope2Point = z.infer<typeof scope2Point>;

export const scope2Response = withResponseEnvelope({
  year: z.number().int(),
  /** The factor used, kg CO2e/kWh, and the year of the entry it comes from. */
  kgPerKwh: z.number(),
  factorYear: z.number().int(),
  /** True when the year has no factor of its own yet (an earlier year's stands in). */
  provisional: z.boolean(),
  /** The entry's source text, as entered in Admin, and in Chinese. */
  source: z.string(),
  sourceZh: z.string(),
  /** The months that have begun, January first; factory totals over every billing point. */
  months: z.array(scope2Month),
  kwh: numeric,
  tco2e: numeric,
  points: z.array(scope2Point),
  /** Renewable-energy certificates (T-REC) retired for the year, as entered in Admin; 0 without. */
  certificates: z.object({ kwh: numeric, note: z.string() }),
  /**
   * Market-based: the kWh not covered by certificates (never below 0) at the
   * year's factor; equals the location-based figure without certificates.
   */
  marketBased: z.object({ kwh: numeric, tco2e: numeric }),
  /** Location-based tco2e × each of CARBON_FEE_RATES, NT$ (2 decimals), for information. */
  carbonFee: z.array(z.object({ ntdPerTonne: z.number(), ntd: numeric })),
});
export type Scope2Response = z.infer<typeof scope2Response>;

export const carbonScope2 = defineCall({
  method: 'POST',
  path: '/v1/Web/Carbon/Scope2',
  auth: true,
  request: scope2Request,
  response: scope2Response,
});
