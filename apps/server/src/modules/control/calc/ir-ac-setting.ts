import type { SelectedOption } from '@wattboard/contract';
import type { OptionSetting } from './options.ts';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * What a split air conditioner's IR controller offers: set1 mode,
 * set2 set-point 16–30 °C, set3 fan speed. In fan mode there is no set-point.
 */
export const IR_AC_OPTION_SETTING: OptionSetting = {
  sets: [
    {
      key: 'set1',
      name: 'Mode',
      chName: '模式',
      choices: [
        { value: 'cool', name: 'Cool', chName: '冷氣' },
        { value: 'dry', name: 'Dry', chName: '除濕' },
        { value: 'fan', name: 'Fan', chName: '送風' },
        { value: 'heat', name: 'Heat', chName: '暖氣' },
        { value: 'auto', name: 'Auto', chName: '自動' },
      ],
    },
    {
      key: 'set2',
      name: 'Set-point',
      chName: '設定溫度',
      unit: '°C',
      choices: range(16, 30).map((c) => ({ value: c, name: `${c} °C`, chName: `${c} °C` })),
    },
    {
      key: 'set3',
      name: 'Fan speed',
      chName: '風速',
      choices: [
        { value: 'auto', name: 'Auto', chName: '自動' },
        { value: 'low', name: 'Low', chName: '低' },
        { value: 'mid', name: 'Medium', chName: '中' },
        { value: 'high', name: 'High', chName: '高' },
      ],
    },
  ],
  conditions: [{ when: { key: 'set1', equals: 'fan' }, disables: ['set2'] }],
};

/** What a new air conditioner starts with: cooling at 26 °C, fan on auto. */
export const DEFAULT_AC_OPTION: SelectedOption = { set1: 'cool', set2: 26, set3: 'auto' };
