import { overviewOpenAlarm } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { alarmTexts, mergeOpenAlarms } from './open-alarms';

const texts = { titleText: 'Over voltage', descText: 'A', title: '過電壓', desc: '甲' };
const answered = (id: number, time: string) =>
  overviewOpenAlarm.parse({ id, nodeId: 9, time, ...texts });
const pushed = (id: number, time: string, state: 'resolved' | 'unresolved' = 'unresolved') => ({
  id,
  time,
  state,
  ...texts,
});

describe('mergeOpenAlarms', () => {
  it('adds pushed alarms to the answered ones, newest first, once each', () => {
    const list = mergeOpenAlarms(
      [answered(1, '2026-11-21T01:00:00Z'), answered(2, '2026-11-21T03:00:00Z')],
      [pushed(3, '2026-11-21T04:00:00Z'), pushed(1, '2026-11-21T01:00:00Z')],
    );
    expect(list.map((alarm) => alarm.id)).toEqual([3, 2, 1]);
    expect(list[2]!.nodeId).toBe(9); // the answered entry wins over the pushed copy
  });

  it('drops what the hub reports cleared', () => {
    const list = mergeOpenAlarms(
      [answered(1, '2026-11-21T01:00:00Z')],
      [
        pushed(1, '2026-11-21T01:00:00Z', 'resolved'),
        pushed(4, '2026-11-21T02:00:00Z', 'resolved'),
      ],
    );
    expect(list).toEqual([]);
  });

  it('is empty for a quiet factory', () => {
    expect(mergeOpenAlarms([], [])).toEqual([]);
  });
});

describe('alarmTexts', () => {
  it('speaks the page language, falling back to the other', () => {
    const alarm = answered(1, '2026-11-21T01:00:00Z');
    expect(alarmTexts(alarm, 'en')).toEqual({ title: 'Over voltage', desc: 'A' });
    expect(alarmTexts(alarm, 'zh')).toEqual({ title: '過電壓', desc: '甲' });
    expect(alarmTexts({ ...alarm, title: '' }, 'zh').title).toBe('Over voltage');
  });
});
