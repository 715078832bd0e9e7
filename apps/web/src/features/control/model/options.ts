import type { OptionInfo, SelectedOption } from '@wattboard/contract';

export type OptionSetting = OptionInfo['optionSetting'];
export type OptionSet = OptionSetting['sets'][number];
export type OptionSetKey = OptionSet['key'];
type Primitive = string | number | boolean;

function isPrimitive(value: unknown): value is Primitive {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** A channel with option sets is an IR Control channel; a relay has none. */
export function hasOptions(info: Pick<OptionInfo, 'optionSetting'>): boolean {
  return info.optionSetting.sets.length > 0;
}

/**
 * The sets that do not apply with the current selection (e.g. fan mode has
 * no set-point): every condition whose `when` matches disables its sets.
 */
export function disabledSets(
  setting: OptionSetting,
  selected: SelectedOption | null,
): Set<OptionSetKey> {
  const disabled = new Set<OptionSetKey>();
  for (const condition of setting.conditions) {
    const value = selected?.[condition.when.key];
    if (isPrimitive(value) && value === condition.when.equals) {
      for (const key of condition.disables) disabled.add(key);
    }
  }
  return disabled;
}

/** The index of the selected choice of a set, or -1 when nothing (or a map) is selected. */
export function selectedChoiceIndex(set: OptionSet, selected: SelectedOption | null): number {
  const value = selected?.[set.key];
  if (!isPrimitive(value)) return -1;
  return set.choices.findIndex((choice) => choice.value === value);
}

/**
 * The selection after a person picks `choice` of set `key`, as it is sent:
 * sets the new selection disables are left out (the server checks the
 * selection against the conditions), everything else is kept.
 */
export function selectOption(
  setting: OptionSetting,
  selected: SelectedOption | null,
  key: OptionSetKey,
  value: Primitive,
): SelectedOption {
  const next: SelectedOption = { ...(selected ?? {}), [key]: value };
  const disabled = disabledSets(setting, next);
  for (const set of disabled) delete next[set];
  return next;
}
