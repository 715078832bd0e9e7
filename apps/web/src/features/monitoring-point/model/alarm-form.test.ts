import { describe, expect, it } from 'vitest';
import { StatusCode, type AlarmItem } from '@wattboard/contract';
import { ApiError, ContractError } from '@/lib/api-errors';
import {
  alarmFormErrors,
  alarmSaveProblem,
  alarmFormSchema,
  formatFactoryDateTime,
  limitText,
  parseLimit,
  toAlarmForm,
  toAlarmSettings,
} from './alarm-form';
import type { AlarmFormRow } from './alarm-form';

const row = (low: string, high: string, overrides: Partial<AlarmFormRow> = {}): AlarmFormRow => ({
  target: 'voltage',
  isActivated: true,
  low,
  high,
  ...overrides,
});

function issuesOf(rows: AlarmFormRow[]) {
  const result = alarmFormSchema.safeParse({ alarms: rows });
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path, message: i.message }));
}

describe('parseLimit', () => {
  it('reads blank as no limit and decimals as numbers', () => {
    expect(parseLimit('')).toEqual({ ok: true, value: null });
    expect(parseLimit('   ')).toEqual({ ok: true, value: null });
    expect(parseLimit(' 207 ')).toEqual({ ok: true, value: 207 });
    expect(parseLimit('-10.5')).toEqual({ ok: true, value: -10.5 });
    expect(parseLimit('.9')).toEqual({ ok: true, value: 0.9 });
    expect(parseLimit('0')).toEqual({ ok: true, value: 0 });
  });

  it('reads Infinity and -Infinity (any case, or ∞) as no limit', () => {
    for (const text of ['Infinity', '-Infinity', ' infinity ', '+INFINITY', '∞', '-∞']) {
      expect(parseLimit(text)).toEqual({ ok: true, value: null });
    }
  });

  it('refuses anything that is not a plain decimal', () => {
    for (const text of ['abc', '12abc', '250abc', '1,5', '0x10', 'NaN', '1e3', '--1', '.']) {
      expect(parseLimit(text)).toEqual({ ok: false });
    }
  });
});

describe('alarm form rules', () => {
  it('accepts open-ended and empty ranges', () => {
    expect(issuesOf([row('', ''), row('200', ''), row('', '240'), row('-5', '5')])).toEqual([]);
  });

  it('asks for low below high, on the low limit', () => {
    expect(issuesOf([row('240', '200')])).toEqual([
      { path: ['alarms', 0, 'low'], message: alarmFormErrors.lowNotBelowHigh },
    ]);
    expect(issuesOf([row('220', '220')])).toHaveLength(1); // equal is not a range
  });

  it('says which limit is not a number', () => {
    expect(issuesOf([row('abc', '10'), row('1', '2x')])).toEqual([
      { path: ['alarms', 0, 'low'], message: alarmFormErrors.notANumber },
      { path: ['alarms', 1, 'high'], message: alarmFormErrors.notANumber },
    ]);
  });
});

const item = (overrides: Partial<AlarmItem> = {}): AlarmItem => ({
  isActivated: true,
  target: 'voltage',
  data: 221.3,
  dataUnit: 'V',
  threshold: { low: 200, high: 240 },
  alertStatus: 'normal',
  lastHappenedTime: null,
  ...overrides,
});

describe('form <-> Alarm/Update body', () => {
  it('round-trips the settings, with blank meaning null', () => {
    const list = [
      item(),
      item({
        target: 'pf',
        isActivated: false,
        threshold: { low: 0.85, high: null },
        dataUnit: '',
      }),
    ];
    const form = toAlarmForm(list);
    expect(form.alarms).toEqual([
      { target: 'voltage', isActivated: true, low: '200', high: '240' },
      { target: 'pf', isActivated: false, low: '0.85', high: '' },
    ]);
    expect(toAlarmSettings(form)).toEqual([
      { target: 'voltage', isActivated: true, threshold: { low: 200, high: 240 } },
      { target: 'pf', isActivated: false, threshold: { low: 0.85, high: null } },
    ]);
  });

  it('writes limits for their inputs', () => {
    expect(limitText(null)).toBe('');
    expect(limitText(0)).toBe('0');
    expect(limitText(-2.5)).toBe('-2.5');
  });
});

describe('formatFactoryDateTime', () => {
  it("shows the instant on the factory's clock", () => {
    expect(formatFactoryDateTime('2026-11-21T06:03:00Z', 'Asia/Taipei')).toBe('2026/11/21 14:03');
    expect(formatFactoryDateTime('2026-11-21T23:30:00Z', 'Asia/Taipei')).toBe('2026/11/22 07:30');
    expect(formatFactoryDateTime('2026-07-01T12:00:00Z', 'Europe/Berlin')).toBe('2026/07/01 14:00');
    expect(formatFactoryDateTime('2026-07-01T12:00:00Z', '+08:00')).toBe('2026/07/01 20:00');
  });

  it('leaves an unreadable time as it came', () => {
    expect(formatFactoryDateTime('soon', 'Asia/Taipei')).toBe('soon');
  });
});

describe('alarmSaveProblem', () => {
  it('shows a refusal of the limits with the field the server named', () => {
    const refused = new ApiError({
      statusCode: StatusCode.Fail,
      httpStatus: 400,
      message:
        'alarms.0.threshold.high: Expected a number, or empty / "Infinity" / "-Infinity" for no limit',
    });
    expect(alarmSaveProblem(refused)).toEqual({
      key: 'alarmSettings.errors.refused',
      detail: refused.message,
    });
    const beforeSending = new ContractError(
      'invalid parameter',
      '/v1/Web/Setting/Alarm/Update',
      [],
    );
    expect(alarmSaveProblem(beforeSending).key).toBe('alarmSettings.errors.refused');
  });

  it('keeps "try again" for failures that may pass on a retry', () => {
    const serverFault = new ApiError({
      statusCode: StatusCode.Fail,
      httpStatus: 500,
      message: 'x',
    });
    expect(alarmSaveProblem(serverFault)).toEqual({ key: 'alarmSettings.saveFailed' });
    expect(alarmSaveProblem(new Error('offline'))).toEqual({ key: 'alarmSettings.saveFailed' });
  });
});
