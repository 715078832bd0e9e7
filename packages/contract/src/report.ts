import { z } from 'zod';
import { defineCall } from './call.ts';
import { channelListEntry, factoryIdField } from './channel.ts';
import { withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import { inputId } from './input.ts';
import { nullableNumeric, numericId } from './numeric.ts';
import { dateOrDateTime, isoDateTime, isOrderedRange } from './time.ts';

/**
 * One stored reading of a smart meter, flat so it exports to CSV as it is.
 * Phases the meter's wiring lacks are null; `_Total` is the sum over phases.
 * Units: V, A, kW, kVA, kvar, kWh, Hz, °C.
 */
export const reportRow = z.object({
  smartmeterId: numericId,
  channelId: numericId,
  serialNumber: z.string(),
  /** When the meter took the reading, and when the server stored it. */
  dtReading: isoDateTime,
  dtReceived: isoDateTime,
  voltage_A: nullableNumeric,
  voltage_B: nullableNumeric,
  voltage_C: nullableNumeric,
  current_A: nullableNumeric,
  current_B: nullableNumeric,
  current_C: nullableNumeric,
  realPowerKW_A: nullableNumeric,
  realPowerKW_B: nullableNumeric,
  realPowerKW_C: nullableNumeric,
  realPowerKW_Total: nullableNumeric,
  apparentPowerKVA_A: nullableNumeric,
  apparentPowerKVA_B: nullableNumeric,
  apparentPowerKVA_C: nullableNumeric,
  apparentPowerKVA_Total: nullableNumeric,
  reactivePowerKVAR_A: nullableNumeric,
  reactivePowerKVAR_B: nullableNumeric,
  reactivePowerKVAR_C: nullableNumeric,
  reactivePowerKVAR_Total: nullableNumeric,
  powerFactor_A: nullableNumeric,
  powerFactor_B: nullableNumeric,
  powerFactor_C: nullableNumeric,
  powerFactor_Total: nullableNumeric,
  kwhForward: nullableNumeric,
  kwhReverse: nullableNumeric,
  kwhTotal: nullableNumeric,
  frequencyHz: nullableNumeric,
  temperature: nullableNumeric,
});
export type ReportRow = z.infer<typeof reportRow>;

export const channelReportRequest = withRequestEnvelope({
  factoryId: factoryIdField,
  smartmeterId: inputId,
  dtStart: dateOrDateTime,
  dtEnd: dateOrDateTime,
}).refine((r) => isOrderedRange(r.dtStart, r.dtEnd), {
  message: 'dtEnd must not be before dtStart',
  path: ['dtEnd'],
});
export const channelReportResponse = withResponseEnvelope({
  /** The meter's circuits, so rows can be labelled by channel. */
  channelList: z.array(channelListEntry),
  reportList: z.array(reportRow),
});
export type ChannelReportResponse = z.infer<typeof channelReportResponse>;

export const channelReport = defineCall({
  method: 'POST',
  path: '/v1/Web/Factory/Channel/Report',
  auth: true,
  request: channelReportRequest,
  response: channelReportResponse,
});
