import { describe, expect, it } from 'vitest';
import {
  inputEventId,
  inputId,
  inputText,
  MAX_ID,
  parseWrittenNumber,
  writtenLimit,
  writtenNumber,
} from './input.ts';
import { alarmUpdateRequest } from './setting.ts';
import { announcementCreateRequest } from './announcement.ts';
import { emailReceiver } from './email-receivers.ts';
import { localDate, isoDateTime, dateOrDateTime } from './time.ts';
import { monitorDeviceRequest } from './monitor.ts';
import { channelListRequest } from './channel.ts';
import { signalAutoEntry, timerSlot } from './control-schedule.ts';

const envelope = { email: 'demo@wattboard.local', action: '/x', token: 't' };

function firstIssuePath(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[] }[] };
}) {
  return result.error?.issues[0]?.path.map(String).join('.');
}

describe('ids a client sends', () => {
  it.each([
    [0, 0],
    [1, 1],
    [MAX_ID, MAX_ID],
    ['42', 42],
    ['1e3', 1000],
  ])('accepts %j as %d', (input, expected) => {
    expect(inputId.parse(input)).toBe(expected);
  });

  it.each([MAX_ID + 1, -1, 1.5, 'abc', '12abc', 'Infinity', '', 1e308, true, null])(
    'refuses %j',
    (input) => {
      expect(inputId.safeParse(input).success).toBe(false);
    },
  );

  it('event ids go up to the largest exact integer (bigint column)', () => {
    expect(inputEventId.parse(MAX_ID + 1)).toBe(MAX_ID + 1);
    expect(inputEventId.safeParse(Number.MAX_SAFE_INTEGER + 2).success).toBe(false);
  });

  it('deviceId 2147483648 is a 400 naming the field, factoryId 0 is the caller’s factory', () => {
    const range = { start: '2026-11-21', end: '2026-11-21' };
    const tooBig = monitorDeviceRequest.safeParse({
      ...envelope,
      deviceId: 2147483648,
      timeRange: range,
    });
    expect(firstIssuePath(tooBig)).toBe('deviceId');
    expect(channelListRequest.parse({ ...envelope, factoryId: 0 }).factoryId).toBe(0);
    expect(channelListRequest.parse(envelope).factoryId).toBe(0);
  });
});

describe('text a client sends', () => {
  it('refuses NUL and other control characters, keeps tabs and newlines', () => {
    expect(inputText.safeParse('a\u0000b').success).toBe(false);
    expect(inputText.safeParse('a\u001bb').success).toBe(false);
    expect(inputText.safeParse('a\u007f').success).toBe(false);
    expect(inputText.parse('line 1\n\tline 2\r\n')).toBe('line 1\n\tline 2\r\n');
    expect(inputText.parse('電表 ✓')).toBe('電表 ✓');
  });

  it('a NUL in the envelope names the field', () => {
    const result = channelListRequest.safeParse({ ...envelope, email: 'demo\u0000@x' });
    expect(firstIssuePath(result)).toBe('email');
  });

  it('announcement title 200 and content 2,000 characters at most, with clear messages', () => {
    const ok = {
      ...envelope,
      title: 't'.repeat(200),
      content: 'c'.repeat(2000),
      dtStart: '2026-11-21',
      dtEnd: '2026-11-28',
    };
    expect(announcementCreateRequest.safeParse(ok).success).toBe(true);
    const title = announcementCreateRequest.safeParse({ ...ok, title: 't'.repeat(201) });
    expect(title.error?.issues[0]).toMatchObject({
      path: ['title'],
      message: 'Title is at most 200 characters',
    });
    const content = announcementCreateRequest.safeParse({ ...ok, content: 'c'.repeat(2001) });
    expect(content.error?.issues[0]?.message).toBe('Content is at most 2,000 characters');
    expect(announcementCreateRequest.safeParse({ ...ok, title: 'a\u0000' }).success).toBe(false);
  });

  it('receiver names 100 characters at most; addresses without control characters', () => {
    const row = { receiverName: 'n'.repeat(100), email: 'a@b.example', status: 'on' };
    expect(emailReceiver.safeParse(row).success).toBe(true);
    const long = emailReceiver.safeParse({ ...row, receiverName: 'n'.repeat(101) });
    expect(long.error?.issues[0]?.message).toBe('Receiver name is at most 100 characters');
    expect(emailReceiver.safeParse({ ...row, email: 'a\u0000@b.example' }).success).toBe(false);
    expect(emailReceiver.safeParse({ ...row, email: `${'a'.repeat(250)}@b.example` }).success).toBe(
      false,
    );
  });
});

describe('dates a client sends', () => {
  it.each(['0000-01-01', '0001-01-01', '0099-12-31', '1899-12-31', '99999-01-01'])(
    'refuses the day %s',
    (day) => {
      expect(localDate.safeParse(day).success).toBe(false);
      expect(dateOrDateTime.safeParse(day).success).toBe(false);
    },
  );

  it('accepts 1900 to 9999', () => {
    expect(localDate.parse('1900-01-01')).toBe('1900-01-01');
    expect(localDate.parse('9999-12-31')).toBe('9999-12-31');
    expect(isoDateTime.parse('2026-11-21T06:03:00Z')).toBe('2026-11-21T06:03:00Z');
  });

  it('refuses date-times in year 0001 or 99999', () => {
    expect(isoDateTime.safeParse('0001-01-01T00:00:00Z').success).toBe(false);
    expect(isoDateTime.safeParse('+099999-01-01T00:00:00Z').success).toBe(false);
  });
});

describe('numbers a person writes', () => {
  it.each([
    [250, 250],
    ['250', 250],
    [' 1.5e2 ', 150],
    ['Infinity', Infinity],
    ['-infinity', -Infinity],
  ])('parses %j', (input, expected) => {
    expect(parseWrittenNumber(input)).toBe(expected);
  });

  it.each(['250abc', 'NaN', '0x10', '', 'abc', null, true, {}])('refuses %j', (input) => {
    expect(parseWrittenNumber(input)).toBeUndefined();
  });

  it('a limit: blank, null and the infinities mean no limit; garbage is refused', () => {
    expect(writtenLimit.parse(null)).toBeNull();
    expect(writtenLimit.parse('  ')).toBeNull();
    expect(writtenLimit.parse('Infinity')).toBeNull();
    expect(writtenLimit.parse('-Infinity')).toBeNull();
    expect(writtenLimit.parse('207.5')).toBe(207.5);
    expect(writtenLimit.safeParse('250abc').success).toBe(false);
    expect(writtenNumber.safeParse('250abc').success).toBe(false);
  });

  it('alarm thresholds: "250abc" is a 400 naming the field, not a limit of 0', () => {
    const body = {
      ...envelope,
      deviceId: 7,
      alarms: [{ target: 'voltage', isActivated: true, threshold: { low: '200', high: '250abc' } }],
    };
    expect(firstIssuePath(alarmUpdateRequest.safeParse(body))).toBe('alarms.0.threshold.high');
    const open = alarmUpdateRequest.parse({
      ...body,
      alarms: [
        { target: 'voltage', isActivated: true, threshold: { low: '-Infinity', high: 'Infinity' } },
      ],
    });
    expect(open.alarms[0]?.threshold).toEqual({ low: null, high: null });
  });

  it('water marks and timer slots refuse garbage instead of reading it as 0', () => {
    const entry = {
      type: 'signal',
      detectDeviceId: 3,
      detectType: 'Consumption',
      highAction: 'on',
      highWaterMark: '80',
      lowAction: 'off',
      lowWaterMark: '20x',
    };
    expect(firstIssuePath(signalAutoEntry.safeParse(entry))).toBe('lowWaterMark');
    expect(signalAutoEntry.parse({ ...entry, lowWaterMark: '-Infinity' }).lowWaterMark).toBe(
      -Infinity,
    );
    expect(timerSlot.safeParse('off').success).toBe(false);
    expect(timerSlot.parse('1')).toBe(1);
  });
});
