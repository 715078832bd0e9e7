import { describe, expect, it } from 'vitest';
import { acPowerFactor } from '../../src/modules/control/calc/ac-power.ts';
import { IR_AC_OPTION_SETTING } from '../../src/modules/control/calc/ir-ac-setting.ts';
import { mergeSelectedOption, optionsDiffer } from '../../src/modules/control/calc/options.ts';

const stored = { set1: 'cool', set2: 26, set3: 'auto' };

describe('IR options against the channel option setting', () => {
  it.each([
    ['a set-point as a string', { set2: '22' }, { ok: true, selected: { ...stored, set2: 22 } }],
    ['a new mode', { set1: 'heat' }, { ok: true, selected: { ...stored, set1: 'heat' } }],
    [
      'fan mode drops the set-point',
      { set1: 'fan' },
      { ok: true, selected: { set1: 'fan', set3: 'auto' } },
    ],
    [
      'a value not offered',
      { set2: 31 },
      {
        ok: false,
        problem: { field: 'selectedOption.set2', message: expect.stringContaining('not one of') },
      },
    ],
    [
      'a set-point in fan mode',
      { set1: 'fan', set2: 20 },
      {
        ok: false,
        problem: { field: 'selectedOption.set2', message: 'does not apply when set1 is fan' },
      },
    ],
  ] as const)('%s', (_, sent, expected) => {
    expect(mergeSelectedOption(IR_AC_OPTION_SETTING, stored, sent)).toEqual(expected);
  });

  it('refuses a set the channel does not have', () => {
    const noFan = { ...IR_AC_OPTION_SETTING, sets: IR_AC_OPTION_SETTING.sets.slice(0, 2) };
    expect(mergeSelectedOption(noFan, null, { set3: 'low' })).toEqual({
      ok: false,
      problem: { field: 'selectedOption.set3', message: 'this channel has no option set3' },
    });
  });

  it('compares selections regardless of spelling and order', () => {
    expect(optionsDiffer({ set2: 24, set1: 'cool' }, { set1: 'cool', set2: '24' } as never)).toBe(
      false,
    );
    expect(optionsDiffer({ set1: 'cool' }, null)).toBe(true);
    expect(optionsDiffer({}, null)).toBe(false);
  });
});

describe('air conditioner power under its options', () => {
  it.each([
    ['no options: as modelled', null, 1],
    ['cool at 24 °C, fan mid', { set1: 'cool', set2: 24, set3: 'mid' }, 1],
    ['cool at 26 °C saves 16 %', { set1: 'cool', set2: 26, set3: 'mid' }, 0.84],
    ['cool at 20 °C costs 32 % more', { set1: 'cool', set2: 20, set3: 'mid' }, 1.32],
    ['fan only', { set1: 'fan', set3: 'mid' }, 0.12],
    ['heat at 26 °C', { set1: 'heat', set2: 26, set3: 'mid' }, 0.9 * 1.16],
    ['high fan', { set1: 'cool', set2: 24, set3: 'high' }, 1.08],
    ['never below 5 %', { set1: 'fan', set3: 'low' }, 0.108],
    ['capped at 1.8', { set1: 'cool', set2: 10, set3: 'high' }, 1.8],
  ] as const)('%s', (_, options, factor) => {
    expect(acPowerFactor(options)).toBeCloseTo(factor, 6);
  });
});
