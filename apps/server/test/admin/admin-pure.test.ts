import { describe, expect, it } from 'vitest';
import { dayRangeInstants, escapeLike, SqlFilter } from '../../src/platform/db/day-range.ts';
import { auditCells, exportFileNameFor } from '../../src/modules/audit/audit-csv.ts';
import { isFactoryAdmin } from '../../src/modules/auth/admin-rule.ts';
import { ZoneClock } from '@wattboard/zone-time';

describe('the admin rule', () => {
  it('is the user named exactly Admin', () => {
    expect(isFactoryAdmin({ username: 'Admin' })).toBe(true);
    for (const username of ['admin', 'ADMIN', 'Admin ', 'Administrator', '']) {
      expect(isFactoryAdmin({ username })).toBe(false);
    }
  });
});

describe('dayRangeInstants', () => {
  it('turns inclusive local days into [from, until) instants of the zone', () => {
    expect(dayRangeInstants({ from: '2026-11-01', to: '2026-11-30' }, 'Asia/Taipei')).toEqual({
      from: Date.parse('2026-10-31T16:00:00Z'),
      until: Date.parse('2026-11-30T16:00:00Z'),
    });
    expect(dayRangeInstants({}, 'Asia/Taipei')).toEqual({ from: null, until: null });
  });

  it('follows daylight saving time (a 23-hour day in Berlin)', () => {
    const range = dayRangeInstants({ from: '2026-03-29', to: '2026-03-29' }, 'Europe/Berlin');
    expect(range.from).toBe(Date.parse('2026-03-28T23:00:00Z'));
    expect(range.until! - range.from!).toBe(23 * 3_600_000);
  });

  it('crosses a year end', () => {
    const range = dayRangeInstants({ to: '2026-12-31' }, 'UTC');
    expect(range.until).toBe(Date.parse('2027-01-01T00:00:00Z'));
  });
});

describe('escapeLike and SqlFilter', () => {
  it('escapes LIKE wildcards and the escape itself', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(escapeLike('plain')).toBe('plain');
  });

  it('numbers placeholders in order after the initial parameters', () => {
    const filter = new SqlFilter([7]).add('a = ?', 1).add('(b = ? OR c = ?)', 2, 3);
    expect(filter.where).toBe('a = $2 AND (b = $3 OR c = $4)');
    expect(filter.param(10)).toBe('$5');
    expect(filter.params).toEqual([7, 1, 2, 3, 10]);
    expect(new SqlFilter().where).toBe('TRUE');
  });

  it('refuses a mismatch of placeholders and values (a programming error)', () => {
    expect(() => new SqlFilter().add('a = ? AND b = ?', 1)).toThrow(/missing value/);
    expect(() => new SqlFilter().add('a = ?', 1, 2)).toThrow(/too many/);
  });
});

describe('audit CSV rows', () => {
  it('writes the time on the factory clock and the detail as JSON', () => {
    const cells = auditCells(
      {
        id: 1,
        time: '2026-11-24T01:02:03.000Z',
        userId: null,
        actor: 'system',
        action: 'user.add',
        targetType: null,
        targetId: null,
        detail: { name: '王' },
        address: null,
      },
      new ZoneClock('Asia/Taipei'),
    );
    expect(cells).toEqual([
      '2026-11-24T09:02:03+08:00',
      'system',
      'user.add',
      null,
      null,
      null,
      '{"name":"王"}',
    ]);
  });

  it('names the file after the day range, open ends in words', () => {
    expect(exportFileNameFor('audit-log', { from: '2026-11-01', to: '2026-11-30' })).toBe(
      'audit-log-2026-11-01-2026-11-30.csv',
    );
    expect(exportFileNameFor('alarm-events', {})).toBe('alarm-events-start-today.csv');
  });
});
