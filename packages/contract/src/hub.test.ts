import { describe, expect, it } from 'vitest';
import { alertItem, announcementItem, phaseReading } from './fixtures/examples.ts';
import { issuePaths } from './fixtures/issue-paths.ts';
import {
  MAX_NOTIFICATIONS,
  RECONNECT_DELAYS_MS,
  alertReceivedPayload,
  announcementReceivedPayload,
  connectionInitializedPayload,
  deviceReadingPayload,
  deviceSubscriptionPayload,
  hubClientMethods,
  hubServerEvents,
  notificationListPayload,
  notificationReceivedPayload,
} from './hub.ts';
import type { z } from 'zod';

const listPayload = {
  type: 'list',
  data: { alertList: [alertItem], announcementList: [announcementItem] },
};

const payloads: [string, z.ZodType, unknown, unknown, string][] = [
  [
    'list',
    notificationListPayload,
    listPayload,
    { type: 'list', data: { alertList: [] } },
    'data.announcementList',
  ],
  [
    'AlertReceived',
    alertReceivedPayload,
    { type: 'Abnormal', ...alertItem },
    { type: 'Abnormal', ...alertItem, titleText: undefined },
    'titleText',
  ],
  [
    'AnnouncementReceived',
    announcementReceivedPayload,
    { type: 'Official', ...announcementItem },
    { type: 'Official', ...announcementItem, time: 'today' },
    'time',
  ],
  [
    'SubscriptionConfirmed',
    deviceSubscriptionPayload,
    { deviceId: 12 },
    { deviceId: -1 },
    'deviceId',
  ],
  [
    'DeviceReading',
    deviceReadingPayload,
    { deviceId: 12, time: '2026-11-21T06:00:00Z' },
    { deviceId: 12 },
    'time',
  ],
  [
    'ConnectionInitialized',
    connectionInitializedPayload,
    { connectionId: 'abc', message: 'Initial data is pushed automatically' },
    { connectionId: '', message: 'x' },
    'connectionId',
  ],
];

describe.each(payloads)('%s payload', (_name, schema, valid, broken, path) => {
  it('accepts a valid payload', () => {
    expect(schema.safeParse(valid).error?.issues ?? []).toEqual([]);
  });
  it('rejects a broken one, naming the field', () => {
    expect(issuePaths(schema, broken)).toContain(path);
  });
});

describe('NotificationReceived', () => {
  it('carries a list batch or a single notification of either kind', () => {
    expect(notificationReceivedPayload.parse(listPayload).type).toBe('list');
    expect(notificationReceivedPayload.parse({ type: 'Abnormal', ...alertItem }).type).toBe(
      'Abnormal',
    );
    expect(notificationReceivedPayload.parse({ type: 'Official', ...announcementItem }).type).toBe(
      'Official',
    );
    expect(
      notificationReceivedPayload.safeParse({ type: 'Other', ...announcementItem }).success,
    ).toBe(false);
  });
});

describe('DeviceReading', () => {
  it('says only which node has new data and when: no values', () => {
    expect(
      deviceReadingPayload.parse({ deviceId: '12', time: '2026-11-21T06:00:00.000Z' }),
    ).toEqual({ deviceId: 12, time: '2026-11-21T06:00:00.000Z' });
  });

  it("drops an older server's values instead of refusing the push", () => {
    const older = {
      deviceId: 12,
      time: '2026-11-21T06:00:00Z',
      valueKw: 7.5,
      channels: { a: phaseReading },
    };
    expect(deviceReadingPayload.parse(older)).toEqual({
      deviceId: 12,
      time: '2026-11-21T06:00:00Z',
    });
  });
});

describe('alert state', () => {
  it('is resolved only when the server says resolved ', () => {
    const state = (s: unknown) =>
      alertReceivedPayload.parse({ type: 'Abnormal', ...alertItem, state: s }).state;
    expect(state('resolved')).toBe('resolved');
    expect(state('unresolved')).toBe('unresolved');
    expect(state('acknowledged')).toBe('unresolved');
    expect(state(undefined)).toBe('unresolved');
  });
});

describe('hub registry', () => {
  it('has a payload schema for every server event the hub sends', () => {
    expect(Object.keys(hubServerEvents).sort()).toEqual(
      [
        'AlertReceived',
        'AnnouncementReceived',
        'ConnectionInitialized',
        'ControlChanged',
        'DeviceReading',
        'FactoryAlert',
        'FactoryAnnouncement',
        'NotificationReceived',
        'SubscriptionConfirmed',
        'UnsubscriptionConfirmed',
        'alert',
        'announcement',
        'notification',
      ].sort(),
    );
  });

  it('describes a Control change by source and ids (issue #12)', () => {
    const payload = hubServerEvents.ControlChanged.parse({
      source: 'person',
      channelGroupIds: ['3'],
      channelScheduleIds: [7],
      time: '2026-11-17T02:07:00.000Z',
    });
    expect(payload.channelGroupIds).toEqual([3]);
    expect(hubServerEvents.ControlChanged.safeParse({ ...payload, source: 'robot' }).success).toBe(
      false,
    );
  });

  it('takes a device id for both client invocations', () => {
    expect(hubClientMethods.SubscribeToDevice.parse('12')).toBe(12);
    expect(hubClientMethods.UnsubscribeFromDevice.safeParse(-1).success).toBe(false);
  });

  it('keeps the hub limits', () => {
    expect(MAX_NOTIFICATIONS).toBe(20);
    expect(RECONNECT_DELAYS_MS).toEqual([0, 2000, 10000, 30000]);
  });
});
