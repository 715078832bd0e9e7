import { describe, expect, it } from 'vitest';
import { channelScheduleUpdateRequest } from './control-schedule.ts';
import { monitorChannelExample, requestEnvelopeFor } from './fixtures/examples.ts';
import { issueMessages, issuePaths } from './fixtures/issue-paths.ts';
import {
  WEEKDAYS,
  consumptionQueryRequest,
  monitorChannel,
  monitorPowerDetailRequest,
  segmentInfo,
} from './monitor.ts';
import { detectLineNode } from './overview.ts';

const segment = {
  dateRange: { startDate: '2026-11-01', endDate: '2026-11-30' },
  timeRange: { startTime: '08:00', endTime: '18:00' },
  weekdays: ['Mon', 'Tue'],
};

describe('consumption query segment', () => {
  it('names weekdays Sun to Sat', () => {
    expect(WEEKDAYS).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(segmentInfo.safeParse({ ...segment, weekdays: [...WEEKDAYS] }).success).toBe(true);
  });

  it('rejects other weekday names with the spec’s list', () => {
    expect(issueMessages(segmentInfo, { ...segment, weekdays: ['Monday'] })).toEqual({
      'weekdays.0': 'weekdays must be among Sun, Mon, Tue, Wed, Thu, Fri, Sat',
    });
    expect(issuePaths(segmentInfo, { ...segment, weekdays: ['mon'] })).toEqual(['weekdays.0']);
  });

  it('needs at least one weekday', () => {
    expect(issuePaths(segmentInfo, { ...segment, weekdays: [] })).toEqual(['weekdays']);
  });

  it('allows a time window across midnight', () => {
    expect(
      segmentInfo.safeParse({ ...segment, timeRange: { startTime: '22:00', endTime: '06:00' } })
        .success,
    ).toBe(true);
  });

  it('rejects a date range that ends before it starts', () => {
    const dateRange = { startDate: '2026-11-30', endDate: '2026-11-01' };
    expect(issuePaths(segmentInfo, { ...segment, dateRange })).toEqual(['dateRange.endDate']);
  });

  it('defaults factoryId to 0, the caller’s factory', () => {
    const body = {
      ...requestEnvelopeFor('/v1/Web/Monitor/Device/ConsumptionQuery'),
      deviceId: 3,
      segmentInfo: segment,
    };
    expect(consumptionQueryRequest.parse(body).factoryId).toBe(0);
  });
});

describe('power detail request', () => {
  it('defaults resolution to 5 minutes', () => {
    const body = {
      ...requestEnvelopeFor('/v1/Web/Monitor/Device/Power/Detail'),
      deviceId: 3,
      timeRange: { start: '2026-11-21', end: '2026-11-21' },
    };
    expect(monitorPowerDetailRequest.parse(body).resolution).toBe(5);
  });
});

describe('monitor channel', () => {
  it('reads numeric strings and keeps per-phase readings', () => {
    const parsed = monitorChannel.parse(monitorChannelExample);
    expect(parsed.channels.a?.voltage).toBe(220.4);
    expect(parsed.demand.monthMaxKw).toBe(55.3);
  });

  it('allows no balance for meters that are not three-phase', () => {
    expect(
      monitorChannel.parse({
        ...monitorChannelExample,
        balance: null,
        channels: { value: monitorChannelExample.channels.a },
      }).balance,
    ).toBeNull();
  });

  it('rejects unknown phase keys', () => {
    expect(
      issuePaths(monitorChannel, {
        ...monitorChannelExample,
        channels: { d: monitorChannelExample.channels.a },
      }),
    ).toEqual(['channels']);
  });
});

describe('detect line', () => {
  it('nests to any depth', () => {
    const leaf = { chName: '照明', name: 'Lighting', type: 'circuit', children: [] };
    const tree = {
      chName: '總進線',
      name: 'Supply',
      type: 'virtual',
      isVirtual: true,
      children: [{ chName: '辦公室', name: 'Office', type: 'smartMeter', children: [leaf] }],
    };
    const parsed = detectLineNode.parse(tree);
    expect(parsed.children[0]?.children[0]?.isVirtual).toBe(false);
    expect(
      issuePaths(detectLineNode, { ...tree, children: [{ ...leaf, children: [{ name: 'x' }] }] }),
    ).toContain('children.0.children.0.chName');
  });
});

describe('schedule update request', () => {
  it('needs something to update', () => {
    const body = { ...requestEnvelopeFor('/v1/Channel/Schedule/Update'), channelScheduleId: 11 };
    expect(issueMessages(channelScheduleUpdateRequest, body)).toEqual({
      scheduleUpdate: 'Nothing to update: send selectedOption or scheduleUpdate',
    });
    expect(
      channelScheduleUpdateRequest.safeParse({ ...body, selectedOption: { set1: 'cool' } }).success,
    ).toBe(true);
  });
});
