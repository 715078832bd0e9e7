import type { z } from 'zod';
import type { optionInfo, SelectedOption } from '@wattboard/contract';

export type OptionSetting = z.infer<typeof optionInfo>['optionSetting'];
type OptionKey = keyof SelectedOption;
type Value = SelectedOption[OptionKey];

/** A refused option, with the field it names (answered as a 400 naming the field). */
export interface OptionProblem {
  field: string;
  message: string;
}

export type OptionMerge =
  { ok: true; selected: SelectedOption } | { ok: false; problem: OptionProblem };

/** "24" and 24 are the same set-point; a map compares by its JSON. */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'object' || typeof b === 'object')
    return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}

/** The option sets that the current selection switches off (e.g. fan mode has no set-point). */
export function disabledSets(setting: OptionSetting, selected: SelectedOption): Set<OptionKey> {
  const disabled = new Set<OptionKey>();
  for (const condition of setting.conditions) {
    if (sameValue(selected[condition.when.key], condition.when.equals)) {
      for (const key of condition.disables) disabled.add(key);
    }
  }
  return disabled;
}

const fail = (key: string, message: string): OptionMerge => ({
  ok: false,
  problem: { field: `selectedOption.${key}`, message },
});

/**
 * A partial option update checked against the channel's optionSetting: every
 * sent set must exist, its value must be one of the set's choices, and it must
 * apply under the resulting selection. Sets the new selection disables are
 * dropped. Values are stored as the choice spells them.
 */
export function mergeSelectedOption(
  setting: OptionSetting,
  stored: SelectedOption | null,
  sent: SelectedOption,
): OptionMerge {
  const merged: SelectedOption = { ...(stored ?? {}) };
  for (const key of Object.keys(sent) as OptionKey[]) {
    const value: Value = sent[key];
    if (value === undefined) continue;
    const set = setting.sets.find((candidate) => candidate.key === key);
    if (!set) return fail(key, `this channel has no option ${key}`);
    const choice = set.choices.find((candidate) => sameValue(candidate.value, value));
    if (!choice) {
      const allowed = set.choices.map((candidate) => String(candidate.value)).join(', ');
      return fail(key, `${JSON.stringify(value)} is not one of ${set.name}'s choices (${allowed})`);
    }
    merged[key] = choice.value;
  }
  const disabled = disabledSets(setting, merged);
  for (const key of Object.keys(sent) as OptionKey[]) {
    if (sent[key] !== undefined && disabled.has(key)) {
      const reason = setting.conditions.find(
        (c) => c.disables.includes(key) && sameValue(merged[c.when.key], c.when.equals),
      );
      const when = reason ? ` when ${reason.when.key} is ${String(reason.when.equals)}` : '';
      return fail(key, `does not apply${when}`);
    }
  }
  for (const key of disabled) delete merged[key];
  return { ok: true, selected: merged };
}

/** Whether two selections differ (key order does not matter). */
export function optionsDiffer(a: SelectedOption | null, b: SelectedOption | null): boolean {
  const keys: OptionKey[] = ['set1', 'set2', 'set3'];
  return keys.some((key) => !sameValue(a?.[key] ?? null, b?.[key] ?? null));
}
