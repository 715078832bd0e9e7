import type { FieldMessage } from '@/features/admin/shared/model/field-message';
import { fieldMessage } from '@/features/admin/shared/model/field-message';

const RULES: [RegExp, string, string?][] = [
  [/ranges must not overlap/, 'overlap'],
  [/a gap at (\d{2}:\d{2})/, 'gap', 'at'],
  [/must end after it starts/, 'rangeOrder'],
  [/must cover the whole year \((\d{2}-\d{2}) is missing\)/, 'seasonsCover', 'day'],
  [/overlaps seasons/, 'seasonsOverlap'],
  [/is not a real day/, 'notRealDay'],
  [/as MM-dd/, 'monthDay'],
  [/quarter hour/, 'clock'],
  [/holidays repeat/, 'repeatHoliday'],
  [/Expected a number/, 'number'],
  [/yyyy-MM-dd/, 'date'],
  [/penaltyTierFraction/, 'percent'],
  [/saturdayHalfPeak and offPeak share one rate/, 'sharedRate'],
  [/each day must be one 00:00–24:00 peak range/, 'flatDay'],
  [/stages must be twoStage/, 'flatStages'],
  [/needs the same peak rate/, 'flatRate'],
  [/contractBasicRates must be empty/, 'installedTypes'],
  [/industry\.coefficient must be/, 'coefficient'],
];

/**
 * The tariff's own rules (tariff-rules.ts) and formats, in the page's
 * language; the common ones (required, limits, lengths) as every Admin form
 * shows them.
 */
export function tariffMessage(message: string | undefined): FieldMessage | null {
  if (!message) return null;
  for (const [pattern, kind, valueName] of RULES) {
    const match = pattern.exec(message);
    if (!match) continue;
    const value = match[1];
    return valueName && value
      ? { key: `cost.tariff.errors.${kind}`, values: { [valueName]: value } }
      : { key: `cost.tariff.errors.${kind}` };
  }
  return fieldMessage(message);
}
