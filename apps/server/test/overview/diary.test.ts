import { describe, expect, it } from 'vitest';
import {
  commandEntries,
  eventEntries,
  finishDiary,
  gapEntries,
  type DiaryEntryDraft,
  type DiaryEvent,
} from '../../src/modules/overview/calc/diary.ts';
import { breachTexts } from '../../src/modules/alarms/texts.ts';
import { ZoneClock } from '@wattboard/zone-time';

const clock = new ZoneClock('Asia/Taipei');
const at = (hhmm: string) => Date.parse(`2026-12-01T${hhmm}:00+08:00`);
const day = { from: at('00:00'), to: at('00:00') + 86_400_000 };
const now = at('10:07');
const TEN_MIN = 600_000;

const event = (fields: Partial<DiaryEvent>): DiaryEvent => ({
  nodeId: 7,
  kind: 'threshold',
  titleEn: 'Voltage high',
  descEn: 'C1 242 V',
  titleZh: '電壓過高',
  descZh: 'C1 242 V',
  openedAt: at('08:00'),
  resolvedAt: null,
  resolvedBy: null,
  ...fields,
});

describe('eventEntries', () => {
  it('notes an alarm opened and cleared today, with who cleared it', () => {
    const entries = eventEntries(
      [event({ resolvedAt: at('09:30'), resolvedBy: 'Admin' })],
      day,
      now,
    );
    expect(entries.map((e) => [e.kind, e.status, e.time])).toEqual([
      ['alarmOpened', 'alarm', new Date(at('08:00')).toISOString()],
      ['alarmCleared', 'info', new Date(at('09:30')).toISOString()],
    ]);
    expect(entries[0]).toMatchObject({ description: 'C1 242 V', descriptionZh: 'C1 242 V' });
    expect(entries[1]).toMatchObject({
      description: 'Voltage high — cleared by Admin',
      descriptionZh: '電壓過高 — 已由 Admin 清除',
    });
  });

  it('says the point, the quantity and "alarm" once each, in both languages', () => {
    const texts = breachTexts({
      node: { name: 'Air Compressor 1', chName: '空壓機 1' },
      target: 'current',
      value: 52.34,
      limit: 'high',
      limitValue: 50,
    });
    const real = event({
      titleEn: texts.titleEn,
      descEn: texts.descEn,
      titleZh: texts.titleZh,
      descZh: texts.descZh,
      resolvedAt: at('09:30'),
    });
    const [opened, cleared] = eventEntries([real], day, now);
    const times = (text: string, word: string) =>
      text.toLowerCase().split(word.toLowerCase()).length - 1;
    expect(opened!.description).toBe(
      'Air Compressor 1: current 52.3 A is above the high limit 50 A.',
    );
    expect(opened!.descriptionZh).toBe('空壓機 1：電流 52.3 A 高於上限 50 A。');
    expect(cleared!.description).toBe('Current alarm: Air Compressor 1 — cleared');
    expect(cleared!.descriptionZh).toBe('電流警報：空壓機 1 — 已清除');
    for (const entry of [opened!, cleared!]) {
      expect(times(entry.description, 'Air Compressor 1')).toBe(1);
      expect(times(entry.description, 'current')).toBe(1);
      expect(times(entry.description, 'alarm')).toBeLessThanOrEqual(1);
      expect(times(entry.descriptionZh, '空壓機 1')).toBe(1);
      expect(times(entry.descriptionZh, '電流')).toBe(1);
      expect(
        times(entry.descriptionZh, '警') + times(entry.descriptionZh, '告警'),
      ).toBeLessThanOrEqual(1);
    }
  });

  it('notes only the clearing of yesterday’s alarm, and nothing of tomorrow', () => {
    const yesterday = event({ openedAt: day.from - 1, resolvedAt: at('01:00') });
    expect(eventEntries([yesterday], day, now).map((e) => e.kind)).toEqual(['alarmCleared']);
    expect(eventEntries([event({ openedAt: day.to })], day, now)).toEqual([]);
  });

  it('leaves offline events to the meter gaps', () => {
    expect(eventEntries([event({ kind: 'offline' })], day, now)).toEqual([]);
  });
});

describe('gapEntries', () => {
  const gap = (lastAt: number, backAt: number | null) => ({
    nodeId: 3,
    name: 'Meter',
    chName: '電表',
    lastAt,
    backAt,
  });

  it('notes offline 10 minutes after the last reading and back at the next one', () => {
    const entries = gapEntries([gap(at('02:00'), at('03:00'))], day, now, TEN_MIN, clock);
    expect(entries.map((e) => [e.kind, e.status, e.time])).toEqual([
      ['meterOffline', 'warning', new Date(at('02:10')).toISOString()],
      ['meterOnline', 'info', new Date(at('03:00')).toISOString()],
    ]);
    expect(entries[0]!.description).toBe('Meter went offline (no reading since 02:00)');
    expect(entries[1]!.descriptionZh).toBe('電表 恢復連線（中斷 60 分鐘）');
  });

  it('notes a silence still going on, and only the return of one that began yesterday', () => {
    expect(
      gapEntries([gap(at('09:00'), null)], day, now, TEN_MIN, clock).map((e) => e.kind),
    ).toEqual(['meterOffline']);
    const overnight = gap(day.from - 3_600_000, at('01:00'));
    expect(gapEntries([overnight], day, now, TEN_MIN, clock).map((e) => e.kind)).toEqual([
      'meterOnline',
    ]);
  });

  it('ignores a pause within the offline rule and a silence not yet 10 minutes old', () => {
    expect(gapEntries([gap(at('04:00'), at('04:10'))], day, now, TEN_MIN, clock)).toEqual([]);
    expect(gapEntries([gap(at('10:00'), null)], day, now, TEN_MIN, clock)).toEqual([]);
  });
});

describe('commandEntries', () => {
  it('notes a command sent and its confirmation', () => {
    const entries = commandEntries(
      [
        {
          channelName: 'Light 1',
          channelChName: '照明 1',
          nodeId: null,
          state: 'off',
          createdAt: at('07:00'),
          confirmedAt: at('07:01'),
        },
      ],
      day,
      now,
    );
    expect(entries.map((e) => [e.kind, e.status, e.description, e.descriptionZh])).toEqual([
      ['commandSent', 'control', 'Command sent: switch Light 1 off', '已送出指令：關閉照明 1'],
      ['commandConfirmed', 'control', 'Light 1 confirmed it is off', '照明 1 已確認關閉'],
    ]);
  });
  it('leaves out an unconfirmed confirmation', () => {
    const entries = commandEntries(
      [
        {
          channelName: 'L',
          channelChName: '燈',
          nodeId: 1,
          state: 'on',
          createdAt: at('07:00'),
          confirmedAt: null,
        },
      ],
      day,
      now,
    );
    expect(entries.map((e) => e.kind)).toEqual(['commandSent']);
  });
});

describe('finishDiary', () => {
  const draft = (atTime: number, kind: DiaryEntryDraft['kind']): DiaryEntryDraft => ({
    at: atTime,
    time: new Date(atTime).toISOString(),
    status: 'info',
    kind,
    description: kind,
    descriptionZh: kind,
    nodeId: null,
  });

  it('sorts newest first, keeps the order of ties and drops the sort key', () => {
    const diary = finishDiary([
      draft(1000, 'meterOnline'),
      draft(3000, 'alarmOpened'),
      draft(3000, 'dayDemandMax'),
    ]);
    expect(diary.map((e) => e.kind)).toEqual(['alarmOpened', 'dayDemandMax', 'meterOnline']);
    expect(diary[0]).not.toHaveProperty('at');
  });

  it('keeps at most 50, the newest', () => {
    const diary = finishDiary(
      Array.from({ length: 60 }, (_, i) => draft(i * 1000, 'meterOffline')),
    );
    expect(diary).toHaveLength(50);
    expect(diary[0]!.time).toBe(new Date(59_000).toISOString());
    expect(diary[49]!.time).toBe(new Date(10_000).toISOString());
  });
});
