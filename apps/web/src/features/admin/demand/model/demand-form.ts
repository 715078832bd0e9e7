import { z } from 'zod';
import type { DemandSettings } from '@wattboard/contract';
import { demandSettingsFields } from '@wattboard/contract';

/** The form holds what people type (text); the contract's rules check it once converted. */
export interface DemandFormValues {
  targetPercent: string;
  autoShed: boolean;
  minOffMinutes: string;
  maxOffMinutes: string;
  restoreMarginPercent: string;
  demandMailReceiverIds: number[];
}

const typed = (rule: z.ZodType<number, number>, field: string) =>
  z
    .string()
    .trim()
    .min(1, `${field} is required`)
    .transform(Number)
    .pipe(z.number({ error: `${field} must be a number` }).pipe(rule));

export const demandFormSchema = z
  .object({
    targetPercent: typed(demandSettingsFields.targetPercent, 'targetPercent'),
    autoShed: z.boolean(),
    minOffMinutes: typed(demandSettingsFields.minOffMinutes, 'minOffMinutes'),
    maxOffMinutes: typed(demandSettingsFields.maxOffMinutes, 'maxOffMinutes'),
    restoreMarginPercent: typed(demandSettingsFields.restoreMarginPercent, 'restoreMarginPercent'),
    demandMailReceiverIds: z.array(z.number().int()),
  })
  .refine((v) => v.minOffMinutes <= v.maxOffMinutes, {
    message: 'minOffMinutes must not be more than maxOffMinutes',
    path: ['minOffMinutes'],
  });

export function demandToForm(settings: DemandSettings): DemandFormValues {
  return {
    targetPercent: String(settings.targetPercent),
    autoShed: settings.autoShed,
    minOffMinutes: String(settings.minOffMinutes),
    maxOffMinutes: String(settings.maxOffMinutes),
    restoreMarginPercent: String(settings.restoreMarginPercent),
    demandMailReceiverIds: [...settings.demandMailReceiverIds],
  };
}

export function toDemandUpdate(values: z.output<typeof demandFormSchema>): DemandSettings {
  return { ...values, demandMailReceiverIds: [...values.demandMailReceiverIds] };
}
