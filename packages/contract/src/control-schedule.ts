import { z } from 'zod';
import { defineCall } from './call.ts';
import { factoryIdField } from './channel.ts';
import { messageResponse, withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import { inputId, inputText, writtenNumber } from './input.ts';

/** Half-hour slots per day and days per week of a timer (Sunday first). */
export const TIMER_SLOTS_PER_DAY = 48;
export const DAYS_PER_WEEK = 7;

/** 1 = on, 0 = off for one half-hour slot. */
export const timerSlot = writtenNumber.pipe(
  z.union([z.literal(0), z.literal(1)], { error: 'A timer slot is 0 (off) or 1 (on)' }),
);

export const timerDay = z
  .array(timerSlot)
  .length(TIMER_SLOTS_PER_DAY, `A timer day has exactly ${TIMER_SLOTS_PER_DAY} half-hour slots`);

export const weeklyTimer = z
  .array(timerDay)
  .length(DAYS_PER_WEEK, `A timer has exactly ${DAYS_PER_WEEK} days, Sunday first`);
export type WeeklyTimer = z.infer<typeof weeklyTimer>;

/** What a signal rule switches the channel to. */
export const switchAction = z.enum(['on', 'off']);

/**
 * Watch `detectDeviceId`'s consumption in kW: above highWaterMark do
 * highAction, below lowWaterMark do lowAction, in between keep the last state.
 */
export const signalAutoEntry = z
  .object({
    type: z.literal('signal'),
    detectDeviceId: inputId,
    detectType: z.literal('Consumption'),
    highAction: switchAction,
    /** Written by a person: garbage is refused, "Infinity" means no limit. */
    highWaterMark: writtenNumber,
    lowAction: switchAction,
    lowWaterMark: writtenNumber,
  })
  .refine((e) => e.lowWaterMark < e.highWaterMark, {
    message: 'lowWaterMark must be below highWaterMark',
    path: ['lowWaterMark'],
  });

export const timerAutoEntry = z.object({ type: z.literal('timer'), timer: timerDay });
export const offAutoEntry = z.object({ type: z.literal('off') });

export const autoEntry = z.discriminatedUnion('type', [
  timerAutoEntry,
  signalAutoEntry,
  offAutoEntry,
]);
export type AutoEntry = z.infer<typeof autoEntry>;

export const weeklyAuto = z
  .array(autoEntry)
  .length(DAYS_PER_WEEK, `An auto schedule has exactly ${DAYS_PER_WEEK} day entries, Sunday first`);

/** A channel's schedule for each action. */
export const schedule = z.object({
  /** Relay state held while the action is `on`; null when the channel has none yet. */
  on: z.boolean().nullable(),
  /** True when the device did not confirm its last command. */
  offline: z.boolean(),
  timer: weeklyTimer,
  auto: weeklyAuto,
});
export type Schedule = z.infer<typeof schedule>;

/** A choice value of an IR-control option, or a map of them. */
export const optionValue = z.union([inputText, z.number(), z.boolean()]);
export const selectedOptionValue = z.union([optionValue, z.record(inputText, optionValue)]);

/** set1 mode, set2 set-point (°C), set3 fan speed for IR control. */
export const optionSetKey = z.enum(['set1', 'set2', 'set3']);
export const selectedOption = z.object({
  set1: selectedOptionValue.optional(),
  set2: selectedOptionValue.optional(),
  set3: selectedOptionValue.optional(),
});
export type SelectedOption = z.infer<typeof selectedOption>;

/** The choices of one option set, with bilingual labels. */
export const optionSet = z.object({
  key: optionSetKey,
  name: z.string(),
  chName: z.string(),
  unit: z.string().optional(),
  choices: z.array(z.object({ value: optionValue, name: z.string(), chName: z.string() })),
});

/** When option `key` equals `equals`, the sets in `disables` do not apply (e.g. fan mode has no set-point). */
export const optionCondition = z.object({
  when: z.object({ key: optionSetKey, equals: optionValue }),
  disables: z.array(optionSetKey),
});

/** Which control methods the channel supports; the auto signal is always consumption. */
export const controlMethod = z.object({
  on: z.boolean(),
  auto: z.object({ timer: z.boolean(), signal: z.literal('consumption'), off: z.boolean() }),
  timer: z.boolean(),
  offline: z.boolean(),
});

export const optionInfo = z.object({
  channelTypeName: z.string(),
  optionSetting: z.object({ sets: z.array(optionSet), conditions: z.array(optionCondition) }),
  controlMethod,
  /** Null for channels without options (Switch). */
  selectedOption: selectedOption.nullable(),
});
export type OptionInfo = z.infer<typeof optionInfo>;

export const channelScheduleRequest = withRequestEnvelope({
  factoryId: factoryIdField,
  channelScheduleId: inputId,
});
export const channelScheduleResponse = withResponseEnvelope({ optionInfo, schedule });
export type ChannelScheduleResponse = z.infer<typeof channelScheduleResponse>;

export const channelSchedule = defineCall({
  method: 'POST',
  path: '/v1/Channel/Schedule',
  auth: true,
  request: channelScheduleRequest,
  response: channelScheduleResponse,
});

/** Only the parts being changed; each part is checked as strictly as the full schedule. */
export const scheduleUpdate = schedule.partial();

export const channelScheduleUpdateRequest = withRequestEnvelope({
  factoryId: factoryIdField,
  channelScheduleId: inputId,
  selectedOption: selectedOption.optional(),
  scheduleUpdate: scheduleUpdate.optional(),
}).refine((r) => r.selectedOption !== undefined || r.scheduleUpdate !== undefined, {
  message: 'Nothing to update: send selectedOption or scheduleUpdate',
  path: ['scheduleUpdate'],
});

export const channelScheduleUpdate = defineCall({
  method: 'POST',
  path: '/v1/Channel/Schedule/Update',
  auth: true,
  request: channelScheduleUpdateRequest,
  response: messageResponse,
});

/** A week with every slot off: the starting point of a new timer. */
export function emptyWeeklyTimer(): WeeklyTimer {
  return Array.from({ length: DAYS_PER_WEEK }, () => Array<0 | 1>(TIMER_SLOTS_PER_DAY).fill(0));
}

/** The half-hour slot (0–47) that a factory-local time of day falls in. */
export function timerSlotIndex(hour: number, minute: number): number {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23 || minute < 0 || minute >= 60) {
    throw new RangeError(`Not a time of day: ${hour}:${minute}`);
  }
  return hour * 2 + (minute >= 30 ? 1 : 0);
}
