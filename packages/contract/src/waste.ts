import { z } from 'zod';
import { defineCall } from './call.ts';
import { factoryIdField } from './channel.ts';
import { withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import { nullableNumeric, numeric, numericId } from './numeric.ts';
import { civilDaysBetween } from './overview.ts';
import { COST_CURRENCY } from './tariff.ts';
import { isOrderedRange, isoDateTime, localDate } from './time.ts';

/**
 * The waste finder (issue #27, docs/waste.md): over factory-local days
 * startDate..endDate (both included), each active monitoring point's quarter
 * hours against its own typical day and the factory's working hours, as
 * findings of four kinds ranked by kWh per week. A finding is listed when it
 * was still running on or after startDate (it may have begun earlier).
 */

/** Days a range may cover: the typical day's limit, and what the finder reads at once. */
export const WASTE_RANGE_LIMIT_DAYS = 31;

export const WASTE_KINDS = ['offHours', 'overrun', 'creep', 'standby'] as const;
/**
 * offHours: load above the typical day while nobody works; overrun: left on
 * past a shift's end, then switched off; creep: the night's base load rising
 * over weeks; standby: a steady draw of a point that follows the shifts.
 */
export const wasteKind = z.enum(WASTE_KINDS);
export type WasteKind = z.infer<typeof wasteKind>;

/** `factoryId` 0 (the default) means the caller's factory. Any signed-in user of it. */
export const wasteFindingsRequest = withRequestEnvelope({
  factoryId: factoryIdField,
  startDate: localDate,
  endDate: localDate,
})
  .refine((r) => isOrderedRange(r.startDate, r.endDate), {
    message: 'endDate must not be before startDate',
    path: ['endDate'],
  })
  .refine((r) => !(civilDaysBetween(r.startDate, r.endDate) + 1 > WASTE_RANGE_LIMIT_DAYS), {
    message: `endDate: the waste finder looks at most ${WASTE_RANGE_LIMIT_DAYS} days at a time`,
    path: ['endDate'],
  });
export type WasteFindingsRequest = z.input<typeof wasteFindingsRequest>;

export const wasteFindingItem = z.object({
  /** The monitoring point. */
  nodeId: numericId,
  chName: z.string(),
  name: z.string(),
  kind: wasteKind,
  /** When the waste began and ended (or the end of the data), factory-local with offset. */
  start: isoDateTime,
  end: isoDateTime,
  /** Energy above what the point usually draws then, over start..end; 3 decimals. */
  kwh: numeric,
  /** kWh spread over the weeks the finding lasted, or all of it when under a week; 3 decimals. */
  kwhPerWeek: numeric,
  /** TWD; kwhPerWeek × ntdPerKwh, 2 decimals; null when the factory has no tariff for the range. */
  costPerWeek: nullableNumeric,
  /** kg CO2e; kwhPerWeek × kgCo2PerKwh, 3 decimals. */
  co2KgPerWeek: numeric,
});
export type WasteFindingItem = z.infer<typeof wasteFindingItem>;

export const wasteFindingsResponse = withResponseEnvelope({
  /** Always "TWD". */
  currency: z.literal(COST_CURRENCY),
  /**
   * TWD per kWh the findings are priced at: the factory's tariff averaged over
   * the range, weighted by its points' net kWh (4 decimals); null without a
   * tariff or without energy in the range.
   */
  ntdPerKwh: nullableNumeric,
  /** kg CO2e per kWh: the emission factor of endDate's year (docs/carbon.md). */
  kgCo2PerKwh: z.number(),
  /** Most kWh per week first; the earlier first among equals. */
  findings: z.array(wasteFindingItem),
});
export type WasteFindingsResponse = z.infer<typeof wasteFindingsResponse>;

export const wasteFindings = defineCall({
  method: 'POST',
  path: '/v1/Web/Waste/Findings',
  auth: true,
  request: wasteFindingsRequest,
  response: wasteFindingsResponse,
});
