import { describe, expect, it } from 'vitest';
import type { AdminEvent } from '@wattboard/contract';
import {
  announcementStateAt,
  endedPeriod,
} from '../../src/modules/announcements/announcement-state.ts';
import { eventCells, eventLayout } from '../../src/modules/alarms/event-csv.ts';
import { ZoneClock } from '@wattboard/zone-time';

const t = (iso: string) => new Date(iso);

describe('announcement state', () => {
  const start = t('2026-11-24T00:00:00Z');
  const end = t('2026-11-25T00:00:00Z');

  it('is scheduled before the start, active in [start, end), ended from the end', () => {
    expect(announcementStateAt(start, end, t('2026-11-23T23:59:59.999Z'))).toBe('scheduled');
    expect(announcementStateAt(start, end, start)).toBe('active');
    expect(announcementStateAt(start, end, t('2026-11-24T23:59:59.999Z'))).toBe('active');
    expect(announcementStateAt(start, end, end)).toBe('ended');
  });

  it('ends an active one now, keeping its start; cancels a scheduled one just before now', () => {
    const now = t('2026-11-24T12:00:00Z');
    expect(endedPeriod(start, now)).toEqual({ start, end: now });
    const cancelled = endedPeriod(t('2026-11-30T00:00:00Z'), now);
    expect(cancelled).toEqual({ start: t('2026-11-24T11:59:59.999Z'), end: now });
    expect(announcementStateAt(cancelled.start, cancelled.end, now)).toBe('ended');
    // Starting exactly now: still a valid period, ended.
    const same = endedPeriod(now, now);
    expect(same.end.getTime()).toBeGreaterThan(same.start.getTime());
  });
});

describe('alarm event CSV rows', () => {
  const event: AdminEvent = {
    id: 12,
    nodeId: 3,
    nodeName: 'Main meter',
    nodeChName: null,
    target: 'voltage',
    kind: 'threshold',
    titleText: 'High voltage',
    descText: 'd',
    title: '電壓過高',
    desc: 'd',
    value: 251.2,
    thresholdLow: null,
    thresholdHigh: 240,
    state: 'unresolved',
    openedAt: '2026-11-24T01:00:00.000Z',
    lastBreachAt: '2026-11-24T01:00:00.000Z',
    resolvedAt: null,
    resolvedBy: null,
  };
  const clock = new ZoneClock('Asia/Taipei');

  it("writes the language's title and state, the English name when there is no 中文 one", () => {
    expect(eventCells(event, 'en', clock)).toEqual([
      12,
      '2026-11-24T09:00:00+08:00',
      'Main meter',
      'voltage',
      'High voltage',
      251.2,
      null,
      240,
      'Unresolved',
      null,
      null,
    ]);
    const zh = eventCells(
      { ...event, state: 'resolved', resolvedAt: '2026-11-24T02:00:00.000Z', resolvedBy: 'Admin' },
      'zh-TW',
      clock,
    );
    expect(zh).toEqual([
      12,
      '2026-11-24T09:00:00+08:00',
      'Main meter',
      'voltage',
      '電壓過高',
      251.2,
      null,
      240,
      '已解除',
      '2026-11-24T10:00:00+08:00',
      'Admin',
    ]);
    expect(eventLayout('en').headers).toHaveLength(zh.length);
  });
});
