import { adminFactoryUpdateRequest } from '@wattboard/contract';
import type { AdminFactory } from '@wattboard/contract';
import { z } from 'zod';

/** The factory form as typed: numbers as text, '' = no contract capacity. */
export interface FactoryFormValues {
  name: string;
  nameZh: string;
  timeZone: string;
  co2Factor: string;
  contractCapacityKw: string;
}

const shape = adminFactoryUpdateRequest.shape;

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
});

export function factoryToForm(factory: AdminFactory): FactoryFormValues {
  return {
    name: factory.name,
    nameZh: factory.nameZh,
    timeZone: factory.timeZone,
    co2Factor: String(factory.co2Factor),
    contractCapacityKw:
      factory.contractCapacityKw === null ? '' : String(factory.contractCapacityKw),
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
  };
}
