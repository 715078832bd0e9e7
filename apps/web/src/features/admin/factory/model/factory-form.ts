import { adminFactoryUpdateRequest, anomalySettingsInput, workingHours } from '@wattboard/contract';
import type { AdminFactory, WorkingHours } from '@wattboard/contract';
import { z } from 'zod';

/** The factory form as typed: numbers as text, '' = no contract capacity. */
export interface FactoryFormValues {
  name: string;
  nameZh: string;
  timeZone: string;
  co2Factor: string;
  contractCapacityKw: string;
  /** The anomaly events' rule (decision 0082); absent when the server does not send one. */
  anomalies?: AnomalyFormValues;
  /** Working hours by day type (decision 0091); absent when the server does not send them. */
  workingHours?: WorkingHours;
}

/** The anomaly rule as typed: numbers as text. */
export interface AnomalyFormValues {
  enabled: boolean;
  marginPercent: string;
  minKw: string;
  minutes: string;
}

const shape = adminFactoryUpdateRequest.shape;
const anomalyShape = anomalySettingsInput.shape;

/** Checks a text with one of the contract's fields; adds its first message at that field. */
function checkedBy(schema: z.ZodType, { blankOk = false } = {}) {
  return z.string().superRefine((value, ctx) => {
    if (blankOk && value.trim() === '') return;
    const result = schema.safeParse(value.trim());
    if (!result.success) {
      ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'invalid' });
    }
  });
}

export const factoryFormSchema = z.object({
  name: shape.name,
  nameZh: shape.nameZh,
  timeZone: shape.timeZone,
  co2Factor: checkedBy(shape.co2Factor),
  contractCapacityKw: checkedBy(shape.contractCapacityKw, { blankOk: true }),
  anomalies: z
    .object({
      enabled: z.boolean(),
      marginPercent: checkedBy(anomalyShape.marginPercent),
      minKw: checkedBy(anomalyShape.minKw),
      minutes: checkedBy(anomalyShape.minutes),
    })
    .optional(),
  workingHours: workingHours.optional(),
});

/** A copy the form may change without touching the query's answer. */
function copyHours(hours: WorkingHours): WorkingHours {
  const copy = (periods: WorkingHours['weekday']) => periods.map(({ from, to }) => ({ from, to }));
  return {
    weekday: copy(hours.weekday),
    saturday: copy(hours.saturday),
    sundayHoliday: copy(hours.sundayHoliday),
  };
}

export function factoryToForm(factory: AdminFactory): FactoryFormValues {
  return {
    name: factory.name,
    nameZh: factory.nameZh,
    timeZone: factory.timeZone,
    co2Factor: String(factory.co2Factor),
    contractCapacityKw:
      factory.contractCapacityKw === null ? '' : String(factory.contractCapacityKw),
    ...(factory.anomalies
      ? {
          anomalies: {
            enabled: factory.anomalies.enabled,
            marginPercent: String(factory.anomalies.marginPercent),
            minKw: String(factory.anomalies.minKw),
            minutes: String(factory.anomalies.minutes),
          },
        }
      : {}),
    ...(factory.workingHours ? { workingHours: copyHours(factory.workingHours) } : {}),
  };
}

/** The Update call's fields from a valid form. */
export function toFactoryUpdate(values: FactoryFormValues) {
  const capacity = values.contractCapacityKw.trim();
  return {
    name: values.name.trim(),
    nameZh: values.nameZh.trim(),
    timeZone: values.timeZone,
    co2Factor: Number(values.co2Factor.trim()),
    contractCapacityKw: capacity === '' ? null : Number(capacity),
    ...(values.anomalies
      ? {
          anomalies: {
            enabled: values.anomalies.enabled,
            marginPercent: Number(values.anomalies.marginPercent.trim()),
            minKw: Number(values.anomalies.minKw.trim()),
            minutes: Number(values.anomalies.minutes.trim()),
          },
        }
      : {}),
    ...(values.workingHours ? { workingHours: values.workingHours } : {}),
  };
}
