import { describe, expect, it } from 'vitest';
import { schedule } from '@wattboard/contract';
import {
  changeAutoType,
  draftFromSchedule,
  markText,
  sameDraft,
  scheduleChanges,
  withAutoEntry,
} from './schedule-draft';
import { validateDraft } from './schedule-validation';
import { emptyWeek, setCell } from './timer-grid';
import { scheduleFixture } from '@/testing/control/fixtures';

const saved = () => draftFromSchedule(schedule.parse(scheduleFixture()));

describe('schedule draft', () => {
  it('reads the server schedule, water marks as text (Infinity kept)', () => {
    const draft = saved();
    expect(draft.timer).toHaveLength(7);
    expect(draft.auto[1]).toMatchObject({
      type: 'signal',
      highWaterMark: '300',
      lowWaterMark: '120',
    });
    expect(markText(Infinity)).toBe('Infinity');
    expect(markText(-Infinity)).toBe('-Infinity');
    expect(markText(12.5)).toBe('12.5');
  });

  it('reports nothing to save for an unchanged draft', () => {
    expect(scheduleChanges(saved(), saved())).toBeUndefined();
    expect(sameDraft(saved(), saved())).toBe(true);
  });

  it('sends only the part that changed', () => {
    const draft = saved();
    const timerOnly = { ...draft, timer: setCell(draft.timer, { day: 0, slot: 0 }, 1) };
    expect(Object.keys(scheduleChanges(timerOnly, saved()) ?? {})).toEqual(['timer']);
    const autoOnly = { ...draft, auto: withAutoEntry(draft.auto, 2, { type: 'off' }) };
    const changes = scheduleChanges(autoOnly, saved());
    expect(Object.keys(changes ?? {})).toEqual(['auto']);
    expect(changes?.auto?.[2]).toEqual({ type: 'off' });
    expect(sameDraft(autoOnly, saved())).toBe(false);
  });

  it('a new timer day starts from the week timer row; a new signal day needs a node and marks', () => {
    const draft = saved();
    const row = draft.timer[1]!;
    const timerDay = changeAutoType({ type: 'off' }, 'timer', row);
    expect(timerDay).toEqual({ type: 'timer', timer: [...row] });
    const fresh = changeAutoType({ type: 'off' }, 'timer');
    expect(fresh.type === 'timer' && fresh.timer.every((s) => s === 0)).toBe(true);
    const signal = changeAutoType({ type: 'off' }, 'signal');
    expect(signal).toMatchObject({
      detectDeviceId: 0,
      highAction: 'off',
      lowAction: 'on',
      highWaterMark: '',
    });
    const same = draft.auto[1]!;
    expect(changeAutoType(same, 'signal')).toBe(same);

    const keys = validateDraft({ ...draft, auto: withAutoEntry(draft.auto, 3, signal) }).map(
      (p) => [p.path, p.key],
    );
    expect(keys).toEqual(
      expect.arrayContaining([
        ['auto.3.highWaterMark', 'control.validation.number'],
        ['auto.3.lowWaterMark', 'control.validation.number'],
        ['auto.3.detectDeviceId', 'control.validation.detectNode'],
      ]),
    );
  });

  it('accepts the saved schedule and an all-off week', () => {
    expect(validateDraft(saved())).toEqual([]);
    expect(validateDraft({ ...saved(), timer: emptyWeek() })).toEqual([]);
  });

  it('refuses a low water mark at or above the high one with the contract message', () => {
    const draft = saved();
    const entry = draft.auto[1]!;
    if (entry.type !== 'signal') throw new Error('fixture day 1 is a signal day');
    for (const low of ['300', '301']) {
      const problems = validateDraft({
        ...draft,
        auto: withAutoEntry(draft.auto, 1, { ...entry, lowWaterMark: low }),
      });
      expect(problems).toEqual([
        {
          path: 'auto.1.lowWaterMark',
          message: 'lowWaterMark must be below highWaterMark',
          key: 'control.validation.lowBelowHigh',
        },
      ]);
    }
    // "Infinity" as the high mark means: never high.
    const open = withAutoEntry(draft.auto, 1, { ...entry, highWaterMark: 'Infinity' });
    expect(validateDraft({ ...draft, auto: open })).toEqual([]);
  });

  it('refuses garbage water marks, 47-slot days and a 6-day week', () => {
    const draft = saved();
    const entry = draft.auto[1]!;
    if (entry.type !== 'signal') throw new Error('fixture day 1 is a signal day');
    const garbage = validateDraft({
      ...draft,
      auto: withAutoEntry(draft.auto, 1, { ...entry, highWaterMark: '250abc' }),
    });
    expect(garbage.map((p) => p.key)).toEqual(['control.validation.number']);
    const short = validateDraft({
      ...draft,
      timer: draft.timer.map((row, d) => (d === 2 ? row.slice(1) : row)),
    });
    expect(short).toEqual([
      expect.objectContaining({ path: 'timer.2', key: 'control.validation.slots' }),
    ]);
    const sixDays = validateDraft({ ...draft, timer: draft.timer.slice(1) });
    expect(sixDays.map((p) => p.key)).toEqual(['control.validation.days']);
    const sixAuto = validateDraft({ ...draft, auto: draft.auto.slice(1) });
    expect(sixAuto.map((p) => p.key)).toEqual(['control.validation.autoDays']);
  });
});
