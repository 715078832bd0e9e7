import { describe, expect, it } from 'vitest';
import type { AutoEntry } from '@wattboard/contract';
import { weekSlotAt } from '../../src/modules/control/calc/slot.ts';
import { wantedState, type ChannelSituation } from '../../src/modules/control/calc/wanted-state.ts';

const row = (slots: number[]) =>
  Array.from({ length: 48 }, (_, s) => (slots.includes(s) ? 1 : 0)) as (0 | 1)[];
/** Tuesday (weekday 2) on from 08:00 (slot 16) to 09:00; every other day off. */
const timer = Array.from({ length: 7 }, (_, day) => row(day === 2 ? [16, 17] : []));
const signal: AutoEntry = {
  type: 'signal',
  detectDeviceId: 9,
  detectType: 'Consumption',
  highAction: 'off',
  highWaterMark: 100,
  lowAction: 'on',
  lowWaterMark: 60,
};
const auto: AutoEntry[] = [
  { type: 'off' },
  { type: 'timer', timer: row([0]) },
  signal,
  { type: 'off' },
  { type: 'off' },
  { type: 'off' },
  { type: 'off' },
];
const base: ChannelSituation = {
  action: 'on',
  groupIsOn: true,
  timer,
  auto,
  lastWanted: null,
  detectKw: null,
};
const tuesday = (slot: number) => ({ weekday: 2, slot });

describe('wanted state of a channel', () => {
  it.each([
    ['on', {}, tuesday(0), 'on'],
    ['off', { action: 'off' }, tuesday(16), 'off'],
    ['master switch off beats on', { groupIsOn: false }, tuesday(16), 'off'],
    ['master switch off beats timer', { action: 'timer', groupIsOn: false }, tuesday(16), 'off'],
    ['timer slot on', { action: 'timer' }, tuesday(16), 'on'],
    ['timer last slot on', { action: 'timer' }, tuesday(17), 'on'],
    ['timer slot off', { action: 'timer' }, tuesday(18), 'off'],
    ['timer other day', { action: 'timer' }, { weekday: 3, slot: 16 }, 'off'],
    ['timer never saved', { action: 'timer', timer: null }, tuesday(16), 'off'],
    ['auto off day', { action: 'auto' }, { weekday: 0, slot: 0 }, 'off'],
    ['auto timer day', { action: 'auto' }, { weekday: 1, slot: 0 }, 'on'],
    ['auto timer day, slot off', { action: 'auto' }, { weekday: 1, slot: 1 }, 'off'],
    ['auto never saved', { action: 'auto', auto: null }, tuesday(0), 'off'],
    ['signal above high', { action: 'auto', detectKw: 100.1 }, tuesday(0), 'off'],
    ['signal at high keeps', { action: 'auto', detectKw: 100, lastWanted: 'on' }, tuesday(0), 'on'],
    ['signal below low', { action: 'auto', detectKw: 59.9, lastWanted: 'off' }, tuesday(0), 'on'],
    ['signal at low keeps', { action: 'auto', detectKw: 60, lastWanted: 'off' }, tuesday(0), 'off'],
    [
      'signal between keeps on',
      { action: 'auto', detectKw: 80, lastWanted: 'on' },
      tuesday(0),
      'on',
    ],
    [
      'signal between keeps off',
      { action: 'auto', detectKw: 80, lastWanted: 'off' },
      tuesday(0),
      'off',
    ],
    ['signal between, no history', { action: 'auto', detectKw: 80 }, tuesday(0), null],
    ['signal without reading keeps', { action: 'auto', lastWanted: 'on' }, tuesday(0), 'on'],
    [
      'signal, master switch off',
      { action: 'auto', detectKw: 10, groupIsOn: false },
      tuesday(0),
      'off',
    ],
  ] as const)('%s', (_, change, at, expected) => {
    expect(wantedState({ ...base, ...change }, at)).toBe(expected);
  });

  it('follows hysteresis over a rising and falling signal', () => {
    let lastWanted: 'on' | 'off' | null = null;
    const states = [50, 70, 90, 110, 90, 70, 55, 70].map((kw) => {
      lastWanted = wantedState({ ...base, action: 'auto', detectKw: kw, lastWanted }, tuesday(0));
      return lastWanted;
    });
    expect(states).toEqual(['on', 'on', 'on', 'off', 'off', 'off', 'on', 'on']);
  });
});

describe('factory-local half-hour slots', () => {
  it.each([
    // Asia/Taipei is UTC+8 all year.
    ['2026-12-01T00:00:00Z', 'Asia/Taipei', 2, 16], // Tue 08:00 → slot 16 starts at :00
    ['2026-11-30T23:59:59Z', 'Asia/Taipei', 2, 15], // Tue 07:59:59 → still slot 15
    ['2026-12-01T00:29:59Z', 'Asia/Taipei', 2, 16],
    ['2026-12-01T00:30:00Z', 'Asia/Taipei', 2, 17], // :30 starts the next slot
    ['2026-12-01T15:59:00Z', 'Asia/Taipei', 2, 47], // Tue 23:59
    ['2026-12-01T16:00:00Z', 'Asia/Taipei', 3, 0], // Wed 00:00: a new day's row
    // Europe/Berlin springs forward on Sunday 2026-03-29: 02:00 → 03:00.
    ['2026-03-29T00:59:00Z', 'Europe/Berlin', 0, 3], // 01:59 CET
    ['2026-03-29T01:00:00Z', 'Europe/Berlin', 0, 6], // 03:00 CEST: slots 4 and 5 never happen
    // It falls back on Sunday 2026-10-25: 03:00 CEST → 02:00 CET, so 02:00–03:00 runs twice.
    ['2026-10-25T00:15:00Z', 'Europe/Berlin', 0, 4], // 02:15 CEST
    ['2026-10-25T01:15:00Z', 'Europe/Berlin', 0, 4], // 02:15 CET, the same slot again
    ['2026-10-25T02:30:00Z', 'Europe/Berlin', 0, 7], // 03:30 CET
  ])('%s in %s is weekday %i slot %i', (instant, zone, weekday, slot) => {
    expect(weekSlotAt(Date.parse(instant), zone)).toEqual({ weekday, slot });
  });
});
