import { describe, expect, it } from 'vitest';
import { errorResponse, messageResponse } from './envelope.ts';
import { channelListResponse } from './channel.ts';

describe('error response', () => {
  it('carries the 429 wait of the sign-in limiter', () => {
    const body = {
      statusCode: 201,
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      retryAfterSeconds: 900,
    };
    expect(errorResponse.parse(body)).toEqual(body);
  });

  it('carries the request id of a server fault', () => {
    const body = { statusCode: 201, message: 'Internal server error', requestId: 'req-7' };
    expect(errorResponse.parse(body).requestId).toBe('req-7');
  });

  it('always has a message', () => {
    expect(errorResponse.safeParse({ statusCode: 1007 }).success).toBe(false);
  });
});

describe('message response', () => {
  it('is the envelope plus a message', () => {
    const envelope = {
      action: '/v1/Channel/Schedule/Update',
      statusCode: 200,
      email: 'demo@wattboard.local',
      username: 'demo',
      token: 't',
      dtTokenExpire: '2026-11-28T06:00:00.000Z',
    };
    expect(messageResponse.safeParse({ ...envelope, message: 'Saved' }).success).toBe(true);
    expect(messageResponse.safeParse(envelope).success).toBe(false);
  });
});

describe('channel list response', () => {
  const base = {
    action: '/v1/Web/Factory/Channel/List',
    statusCode: 200,
    email: 'demo@wattboard.local',
    username: 'demo',
    token: 't',
    dtTokenExpire: '2026-11-28T06:00:00.000Z',
    dtNowFactory: '2026-11-21T14:03:05+08:00',
    channelList: [{ id: 1, chName: '總進線', name: 'Incoming supply', type: 'virtual' }],
  };

  it('may omit timeZone (the client then uses the offset of dtNowFactory)', () => {
    const parsed = channelListResponse.parse(base);
    expect(parsed.timeZone).toBeUndefined();
    expect(parsed.channelList[0]?.isVirtual).toBe(false);
  });

  it('needs dtNowFactory with an offset', () => {
    expect(
      channelListResponse.safeParse({ ...base, dtNowFactory: '2026-11-21T14:03:05' }).success,
    ).toBe(false);
  });
});
