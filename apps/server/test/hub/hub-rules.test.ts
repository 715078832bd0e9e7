import { describe, expect, it } from 'vitest';
import { alertListItem, deviceReadingPayload as deviceReadingSchema } from '@wattboard/contract';
import {
  eventFrame,
  isRecipient,
  parseBroadcast,
  targetsFor,
  type HubBroadcast,
} from '../../src/modules/hub/broadcast.ts';
import {
  CONNECTION_TOKEN_LIFETIME_MS,
  newConnectionId,
  signConnectionToken,
  verifyConnectionToken,
} from '../../src/modules/hub/connection-token.ts';
import {
  deviceReadingBroadcasts,
  deviceReadingPayload,
  newestRecentReadings,
} from '../../src/modules/hub/device-readings.ts';
import { deviceIdArgument, hubMethodOf } from '../../src/modules/hub/invocations.ts';
import { alertItemFromEvent } from '../../src/modules/hub/repo/notification-lists.ts';
import type { NormalizedReading } from '../../src/modules/rollups/normalized-reading.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const NOW = Date.parse('2025-06-01T12:00:00Z');

describe('connection tokens', () => {
  const claims = {
    connectionId: newConnectionId(),
    userId: 7,
    factoryId: 3,
    expiresAt: NOW + CONNECTION_TOKEN_LIFETIME_MS,
  };

  it('round-trips the claims and is URL-safe', () => {
    const token = signConnectionToken(claims, SECRET);
    expect(token).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(encodeURIComponent(token)).toBe(token);
    expect(verifyConnectionToken(token, SECRET, NOW)).toEqual(claims);
  });

  it('refuses expired tokens, other secrets and any tampering', () => {
    const token = signConnectionToken(claims, SECRET);
    expect(verifyConnectionToken(token, SECRET, claims.expiresAt)).toBeNull();
    expect(verifyConnectionToken(token, `${SECRET}x`, NOW)).toBeNull();
    const parts = token.split('.');
    const forged = [...parts.slice(0, 2), (8).toString(36), ...parts.slice(3)].join('.');
    expect(verifyConnectionToken(forged, SECRET, NOW)).toBeNull();
    for (const bad of ['', 'v1', `${token}.x`, token.slice(0, -2), `v2${token.slice(2)}`]) {
      expect(verifyConnectionToken(bad, SECRET, NOW)).toBeNull();
    }
  });

  it('makes a new random id each time', () => {
    expect(newConnectionId()).not.toBe(newConnectionId());
    expect(newConnectionId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('broadcasts', () => {
  it('adds the test screen aliases only in dev mode', () => {
    expect(targetsFor('AlertReceived', true)).toEqual(['AlertReceived', 'FactoryAlert', 'alert']);
    expect(targetsFor('AnnouncementReceived', true)).toEqual([
      'AnnouncementReceived',
      'FactoryAnnouncement',
      'announcement',
    ]);
    expect(targetsFor('NotificationReceived', true)).toEqual([
      'NotificationReceived',
      'notification',
    ]);
    expect(targetsFor('DeviceReading', true)).toEqual(['DeviceReading']);
    expect(targetsFor('AlertReceived', false)).toEqual(['AlertReceived']);
    expect(eventFrame('NotificationReceived', 1, true).split('\u001e')).toHaveLength(3);
  });

  it('reads back well-formed broadcasts only', () => {
    const good: HubBroadcast = {
      scope: 'factory',
      factoryId: 2,
      target: 'DeviceReading',
      payload: {},
      deviceIds: [4, 1],
    };
    expect(parseBroadcast(JSON.stringify(good))).toEqual(good);
    expect(parseBroadcast('{"scope":"all","target":"AlertReceived","payload":null}')).toEqual({
      scope: 'all',
      target: 'AlertReceived',
      payload: null,
    });
    for (const bad of [
      'nope',
      '{"scope":"factory","target":"AlertReceived"}',
      '{"scope":"everyone","target":"AlertReceived"}',
      '{"scope":"all","target":"constructor"}',
      '{"scope":"all","target":"AlertReceived","deviceIds":["1"]}',
    ]) {
      expect(parseBroadcast(bad)).toBeNull();
    }
  });

  it('picks recipients by factory and device subscription', () => {
    const client = { factoryId: 2, subscriptions: new Set([10]) };
    const base = { target: 'AlertReceived' as const, payload: null };
    expect(isRecipient({ ...base, scope: 'factory', factoryId: 2 }, client)).toBe(true);
    expect(isRecipient({ ...base, scope: 'factory', factoryId: 3 }, client)).toBe(false);
    expect(isRecipient({ ...base, scope: 'all' }, client)).toBe(true);
    expect(
      isRecipient({ ...base, scope: 'factory', factoryId: 2, deviceIds: [11, 10] }, client),
    ).toBe(true);
    expect(isRecipient({ ...base, scope: 'factory', factoryId: 2, deviceIds: [11] }, client)).toBe(
      false,
    );
  });
});

const reading = (nodeId: number, iso: string, kw = 3): NormalizedReading => ({
  nodeId,
  ts: new Date(iso),
  phases: {
    l1: { voltage: 110.04, current: 13.63636, kw: kw / 2, pf: 0.9 },
    l2: { voltage: 110, current: 13.6, kw: kw / 2 },
  },
  kw,
  kwhForward: 10,
  kwhReverse: null,
  frequency: 60,
  temperature: null,
});

describe('live device readings', () => {
  it('keeps each node’s newest reading, and only recent ones', () => {
    const batch = [
      reading(1, '2025-06-01T11:58:00Z'),
      reading(1, '2025-06-01T11:59:00Z'),
      reading(1, '2025-06-01T11:57:00Z'),
      reading(2, '2025-06-01T11:50:00Z'),
      reading(3, '2025-06-01T11:55:00Z'),
    ];
    const fresh = newestRecentReadings(batch, NOW);
    expect(fresh.map((r) => [r.nodeId, r.ts.toISOString()])).toEqual([
      [1, '2025-06-01T11:59:00.000Z'],
      [3, '2025-06-01T11:55:00.000Z'],
    ]);
    expect(newestRecentReadings([], NOW)).toEqual([]);
    expect(newestRecentReadings(batch, NOW + 86_400_000)).toEqual([]);
  });

  it('says which node has new data and when, and nothing of its values', () => {
    const payload = deviceReadingPayload(5, new Date('2025-06-01T11:59:00Z'));
    expect(payload).toStrictEqual({ deviceId: 5, time: '2025-06-01T11:59:00.000Z' });
    expect(deviceReadingSchema.parse(payload)).toStrictEqual(payload);
  });

  it('sends each fresh reading’s news to its own node’s subscribers only', () => {
    const fresh = [reading(5, '2025-06-01T11:59:00Z'), reading(6, '2025-06-01T11:58:00Z')];
    expect(deviceReadingBroadcasts(2, fresh)).toStrictEqual([
      {
        scope: 'factory',
        factoryId: 2,
        target: 'DeviceReading',
        payload: { deviceId: 5, time: '2025-06-01T11:59:00.000Z' },
        deviceIds: [5],
      },
      {
        scope: 'factory',
        factoryId: 2,
        target: 'DeviceReading',
        payload: { deviceId: 6, time: '2025-06-01T11:58:00.000Z' },
        deviceIds: [6],
      },
    ]);
    expect(deviceReadingBroadcasts(2, [])).toEqual([]);
  });
});

describe('hub methods', () => {
  it('match case-insensitively', () => {
    expect(hubMethodOf('subscribeToDevice')).toBe('SubscribeToDevice');
    expect(hubMethodOf('UNSUBSCRIBEFROMDEVICE')).toBe('UnsubscribeFromDevice');
    expect(hubMethodOf('toString')).toBeUndefined();
  });

  it('coerce the device id like every numeric id', () => {
    expect(deviceIdArgument([12])).toBe(12);
    expect(deviceIdArgument([' 12 '])).toBe(12);
    expect(deviceIdArgument(['abc'])).toBe(0);
    for (const bad of [[], [1, 2], [-1], [1.5], [null], [{}], [2_147_483_648]]) {
      expect(deviceIdArgument(bad)).toBeNull();
    }
  });
});

describe('alertItemFromEvent', () => {
  it('maps an events row onto the contract’s list item', () => {
    const item = alertItemFromEvent({
      id: '42',
      title_en: 'Voltage high',
      desc_en: 'Above 240 V',
      title_zh: '電壓過高',
      desc_zh: '超過 240 V',
      opened_at: new Date('2025-06-01T10:00:00Z'),
      state: 'unresolved',
    });
    expect(item).toEqual({
      id: 42,
      titleText: 'Voltage high',
      descText: 'Above 240 V',
      title: '電壓過高',
      desc: '超過 240 V',
      time: '2025-06-01T10:00:00.000Z',
      state: 'unresolved',
    });
    expect(alertListItem.parse(item)).toEqual(item);
  });
});
