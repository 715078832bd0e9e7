import { z } from 'zod';
import { defineCall } from './call.ts';
import { withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import { inputId, writtenLimit } from './input.ts';
import { nullableNumeric, numericId } from './numeric.ts';
import { isoDateTime } from './time.ts';

/** What an alarm watches on a node. */
export const alarmTarget = z.enum([
  'voltage',
  'current',
  'power',
  'demand',
  'pf',
  'temperature',
  'frequency',
  'imbalance',
]);
export type AlarmTarget = z.infer<typeof alarmTarget>;

const lowBelowHigh = {
  check: (t: { low: number | null; high: number | null }) =>
    t.low === null || t.high === null || t.low < t.high,
  message: 'threshold.low must be below threshold.high',
  path: ['low'],
};

/** Either bound may be null (no limit on that side); when both are set, low < high. */
export const alarmThreshold = z
  .object({ low: nullableNumeric, high: nullableNumeric })
  .refine(lowBelowHigh.check, { message: lowBelowHigh.message, path: lowBelowHigh.path });

/**
 * Limits as a person saves them: a number, or null / blank /
 * "Infinity" / "-Infinity" for no limit; "250abc" is refused rather than read
 * as 0, which would raise real alarms and mail people.
 */
export const alarmThresholdInput = z
  .object({ low: writtenLimit, high: writtenLimit })
  .refine(lowBelowHigh.check, { message: lowBelowHigh.message, path: lowBelowHigh.path });

/** One alarm setting with the node's latest value. */
export const alarmItem = z.object({
  isActivated: z.boolean(),
  target: alarmTarget,
  data: nullableNumeric,
  dataUnit: z.string(),
  threshold: alarmThreshold,
  alertStatus: z.enum(['normal', 'alarm']),
  lastHappenedTime: isoDateTime.nullable(),
});
export type AlarmItem = z.infer<typeof alarmItem>;

export const alarmListRequest = withRequestEnvelope({ deviceId: inputId });
export const alarmListResponse = withResponseEnvelope({ list: z.array(alarmItem) });
export type AlarmListResponse = z.infer<typeof alarmListResponse>;

export const alarmList = defineCall({
  method: 'POST',
  path: '/v1/Web/Setting/Alarm/List',
  auth: true,
  request: alarmListRequest,
  response: alarmListResponse,
});

export const alarmSetting = z.object({
  target: alarmTarget,
  isActivated: z.boolean(),
  threshold: alarmThresholdInput,
});
export type AlarmSetting = z.infer<typeof alarmSetting>;

export const alarmUpdateRequest = withRequestEnvelope({
  deviceId: inputId,
  alarms: z.array(alarmSetting).superRefine((alarms, ctx) => {
    const seen = new Set<string>();
    alarms.forEach((alarm, index) => {
      if (seen.has(alarm.target)) {
        ctx.addIssue({
          code: 'custom',
          message: `Alarm target ${alarm.target} appears more than once`,
          path: [index, 'target'],
        });
      }
      seen.add(alarm.target);
    });
  }),
});
export const alarmUpdateResponse = withResponseEnvelope({
  message: z.string(),
  factoryId: numericId.optional(),
});
export type AlarmUpdateResponse = z.infer<typeof alarmUpdateResponse>;

export const alarmUpdate = defineCall({
  method: 'POST',
  path: '/v1/Web/Setting/Alarm/Update',
  auth: true,
  request: alarmUpdateRequest,
  response: alarmUpdateResponse,
});
