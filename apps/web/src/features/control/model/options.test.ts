import { describe, expect, it } from 'vitest';
import { optionInfo, selectedOption } from '@wattboard/contract';
import { irOptionInfo, switchOptionInfo } from '@/testing/control/fixtures';
import { disabledSets, hasOptions, selectedChoiceIndex, selectOption } from './options';

const ir = optionInfo.parse(irOptionInfo());
const relay = optionInfo.parse(switchOptionInfo());
const [mode, setPoint] = ir.optionSetting.sets;

describe('IR options', () => {
  it('tells IR Control channels (option sets) from switches (none)', () => {
    expect(hasOptions(ir)).toBe(true);
    expect(hasOptions(relay)).toBe(false);
  });

  it('disables the set-point in fan mode only', () => {
    expect([...disabledSets(ir.optionSetting, ir.selectedOption)]).toEqual([]);
    expect([...disabledSets(ir.optionSetting, { set1: 'fan' })]).toEqual(['set2']);
    expect([...disabledSets(ir.optionSetting, null)]).toEqual([]);
    // A map value never equals a condition's single value.
    expect([...disabledSets(ir.optionSetting, { set1: { a: 'fan' } })]).toEqual([]);
  });

  it('finds the selected choice by value and type (26 is not "26")', () => {
    expect(selectedChoiceIndex(setPoint!, ir.selectedOption)).toBe(2);
    expect(selectedChoiceIndex(setPoint!, { set2: '26' })).toBe(-1);
    expect(selectedChoiceIndex(mode!, null)).toBe(-1);
  });

  it('drops the sets a new choice disables, keeps the others, and the result is a valid selection', () => {
    const fan = selectOption(ir.optionSetting, ir.selectedOption, 'set1', 'fan');
    expect(fan).toEqual({ set1: 'fan', set3: 'low' });
    expect(selectedOption.safeParse(fan).success).toBe(true);
    const cool = selectOption(ir.optionSetting, fan, 'set1', 'cool');
    expect(cool).toEqual({ set1: 'cool', set3: 'low' });
    const warmer = selectOption(ir.optionSetting, cool, 'set2', 27);
    expect(warmer).toEqual({ set1: 'cool', set2: 27, set3: 'low' });
    expect(selectOption(ir.optionSetting, null, 'set3', 'high')).toEqual({ set3: 'high' });
  });
});
