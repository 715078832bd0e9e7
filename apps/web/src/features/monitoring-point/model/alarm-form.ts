import { formatInstant } from '@/lib/format';
import { z } from 'zod';
import type { AlarmSetting, AlarmTarget } from '@wattboard/contract';
import { ApiError, ContractError } from '@/lib/api-errors';

/** Locale keys of the alarm form's messages. */
export const alarmFormErrors = {
  notANumber: 'alarmSettings.errors.notANumber',
  lowNotBelowHigh: 'alarmSettings.errors.lowNotBelowHigh',
} as const;

/**
 * A limit as typed; blank, "Infinity" or "-Infinity" mean "no limit on this
 * side" (either limit may be null).
 */
export type LimitParse = { ok: true; value: number | null } | { ok: false };

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const NO_LIMIT = /^([+-]?infinity|[+-]?∞)$/i;

export function parseLimit(text: string): LimitParse {
  const trimmed = text.trim();
  if (trimmed === '' || NO_LIMIT.test(trimmed)) return { ok: true, value: null };
  if (!DECIMAL.test(trimmed)) return { ok: false };
  return { ok: true, value: Number(trimmed) };
}

/** A limit for its input: blank for none. */
export function limitText(value: number | null): string {
  return value === null ? '' : String(value);
}

const alarmRowSchema = z
  .object({
    target: z.string(),
    isActivated: z.boolean(),
    low: z.string(),
    high: z.string(),
  })
  .superRefine((row, ctx) => {
    const low = parseLimit(row.low);
    const high = parseLimit(row.high);
    if (!low.ok)
      ctx.addIssue({ code: 'custom', message: alarmFormErrors.notANumber, path: ['low'] });
    if (!high.ok) {
      ctx.addIssue({ code: 'custom', message: alarmFormErrors.notANumber, path: ['high'] });
    }
    if (low.ok && high.ok && low.value !== null && high.value !== null && low.value >= high.value) {
      ctx.addIssue({ code: 'custom', message: alarmFormErrors.lowNotBelowHigh, path: ['low'] });
    }
  });

export const alarmFormSchema = z.object({ alarms: z.array(alarmRowSchema) });
export type AlarmForm = z.infer<typeof alarmFormSchema>;
export type AlarmFormRow = AlarmForm['alarms'][number];

/** The editable part of the server's list (or of the settings just saved), in its order. */
export function toAlarmForm(list: readonly AlarmSetting[]): AlarmForm {
  return {
    alarms: list.map((item) => ({
      target: item.target,
      isActivated: item.isActivated,
      low: limitText(item.threshold.low),
      high: limitText(item.threshold.high),
    })),
  };
}

function limitValue(text: string): number | null {
  const parsed = parseLimit(text);
  return parsed.ok ? parsed.value : null;
}

/** The Alarm/Update call's `alarms` of a form that passed `alarmFormSchema`. */
export function toAlarmSettings(form: AlarmForm): AlarmSetting[] {
  return form.alarms.map((row) => ({
    target: row.target as AlarmTarget,
    isActivated: row.isActivated,
    threshold: { low: limitValue(row.low), high: limitValue(row.high) },
  }));
}

/**
 * What the card says when saving failed: a refusal of the limits themselves
 * (HTTP 400 from the server, or the contract check before sending) names the
 * field in the server's words inside a translated sentence; anything else is
 * the generic "try again".
 */
export function alarmSaveProblem(error: unknown): { key: string; detail?: string } {
  if (error instanceof ApiError && error.httpStatus === 400) {
    return { key: 'alarmSettings.errors.refused', detail: error.message };
  }
  if (error instanceof ContractError && error.kind === 'invalid parameter') {
    return { key: 'alarmSettings.errors.refused', detail: error.message };
  }
  return { key: 'alarmSettings.saveFailed' };
}

/** When an alarm last happened, on the factory's clock (yyyy/MM/dd HH:mm). */
export function formatFactoryDateTime(isoDateTime: string, zone: string | null): string {
  const instant = Date.parse(isoDateTime);
  if (Number.isNaN(instant)) return isoDateTime;
  return formatInstant(instant, zone, 'dateTime');
}
