import { describe, expect, it } from 'vitest';
import { requestEnvelopeFor } from './fixtures/examples.ts';
import { issueMessages, issuePaths } from './fixtures/issue-paths.ts';
import {
  CONSUME_RATIO_MAX_CHANNELS,
  civilDaysBetween,
  overviewConsumeRatioRequest,
  overviewPowerChartRequest,
  overviewRequest,
  powerDiaryEntry,
  usagePeriod,
} from './overview.ts';

const ratio = (startDate: string, endDate: string, channelIdList: unknown[] = [2]) => ({
  ...requestEnvelopeFor('/v1/Web/Overview/ConsumeRatio'),
  startDate,
  endDate,
  channelIdList,
});

describe('overview requests', () => {
  it('default factoryId to 0, the caller’s factory', () => {
    expect(overviewRequest.parse(requestEnvelopeFor('/v1/Web/Overview')).factoryId).toBe(0);
    const chart = overviewPowerChartRequest.parse(
      requestEnvelopeFor('/v1/Web/Overview/PowerChart'),
    );
    expect(chart).toMatchObject({ factoryId: 0 });
    expect(chart.date).toBeUndefined();
    expect(overviewConsumeRatioRequest.parse(ratio('2026-11-01', '2026-11-01')).factoryId).toBe(0);
  });

  it('names a malformed factoryId', () => {
    const body = { ...requestEnvelopeFor('/v1/Web/Overview'), factoryId: 'abc' };
    expect(issuePaths(overviewRequest, body)).toEqual(['factoryId']);
  });
});

describe('consume ratio request', () => {
  it('accepts 366 days and refuses 367, naming endDate', () => {
    expect(overviewConsumeRatioRequest.safeParse(ratio('2024-01-01', '2024-12-31')).success).toBe(
      true,
    );
    expect(issueMessages(overviewConsumeRatioRequest, ratio('2024-01-01', '2025-01-01'))).toEqual({
      endDate: 'endDate: a range covers at most 366 days',
    });
  });

  it('refuses an end before the start, naming endDate', () => {
    expect(issuePaths(overviewConsumeRatioRequest, ratio('2026-11-02', '2026-11-01'))).toEqual([
      'endDate',
    ]);
  });

  it('accepts numeric-string ids and an empty list, refuses too many channels', () => {
    expect(
      overviewConsumeRatioRequest.parse(ratio('2026-11-01', '2026-11-02', ['3'])).channelIdList,
    ).toEqual([3]);
    expect(
      overviewConsumeRatioRequest.safeParse(ratio('2026-11-01', '2026-11-02', [])).success,
    ).toBe(true);
    const many = Array.from({ length: CONSUME_RATIO_MAX_CHANNELS + 1 }, (_, i) => i + 1);
    expect(
      issuePaths(overviewConsumeRatioRequest, ratio('2026-11-01', '2026-11-02', many)),
    ).toEqual(['channelIdList']);
  });

  it('names a bad channel id by its index', () => {
    expect(
      issuePaths(overviewConsumeRatioRequest, ratio('2026-11-01', '2026-11-02', [2, 'x'])),
    ).toEqual(['channelIdList.1']);
  });
});

describe('civilDaysBetween', () => {
  it('counts whole days across a month and a leap day', () => {
    expect(civilDaysBetween('2026-10-31', '2026-11-01')).toBe(1);
    expect(civilDaysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(civilDaysBetween('2026-11-01', '2026-11-01')).toBe(0);
    expect(civilDaysBetween('x', '2026-11-01')).toBeNaN();
  });
});

describe('overview response parts', () => {
  it('reads a usage period with a null change percent', () => {
    const period = {
      kwh: '10',
      co2: 4.74,
      reverseKwh: 0,
      co2Saving: 0,
      previousKwh: 0,
      changeKwh: 10,
      changePercent: null,
    };
    expect(usagePeriod.parse(period)).toMatchObject({ kwh: 10, changePercent: null });
  });

  it('refuses a diary entry of an unknown status or kind', () => {
    const entry = {
      status: 'alarm',
      kind: 'alarmOpened',
      time: '2026-11-21T05:10:00.000Z',
      description: 'Voltage high',
      descriptionZh: '電壓過高',
      nodeId: null,
    };
    expect(powerDiaryEntry.safeParse(entry).success).toBe(true);
    expect(issuePaths(powerDiaryEntry, { ...entry, status: 'fatal' })).toEqual(['status']);
    expect(issuePaths(powerDiaryEntry, { ...entry, kind: 'other' })).toEqual(['kind']);
  });
});
