import { describe, expect, it } from 'vitest';
import {
  deviceAnswerWindow,
  quarterHourWindow,
  TIMELESS,
} from '../../src/modules/monitor/calc/answer-window.ts';
import {
  MEMBER_RETIRED_MS,
  realTimeDemandBlock,
} from '../../src/modules/monitor/calc/real-time-demand.ts';
import { AnswerCache } from '../../src/modules/monitor/answer-cache.ts';
import { dispatchDataChange } from '../../src/platform/db/data-change-channel.ts';

const at = (text: string) => Date.parse(text);
const NOW = at('2026-11-22T07:07:00Z');

describe('quarterHourWindow', () => {
  it('holds from the quarter hour at or before now until the next, holding every local midnight', () => {
    expect(quarterHourWindow(NOW)).toEqual({
      from: at('2026-11-22T07:00:00Z'),
      until: at('2026-11-22T07:15:00Z'),
    });
    // Taipei's midnight (16:00Z) and India's (18:30Z) begin a window of their own.
    expect(quarterHourWindow(at('2026-11-22T16:00:00Z')).from).toBe(at('2026-11-22T16:00:00Z'));
    expect(quarterHourWindow(at('2026-11-22T18:29:59.999Z')).until).toBe(
      at('2026-11-22T18:30:00Z'),
    );
  });
});

describe('deviceAnswerWindow', () => {
  it('is the quarter hour around now when no member ever reported', () => {
    expect(deviceAnswerWindow(NOW, [])).toEqual({
      from: at('2026-11-22T07:00:00Z'),
      until: at('2026-11-22T07:15:00Z'),
    });
  });

  it('starts at a quarter hour itself, and ends before the next one', () => {
    const quarter = at('2026-11-22T07:15:00Z');
    expect(deviceAnswerWindow(quarter, [])).toEqual({
      from: quarter,
      until: at('2026-11-22T07:30:00Z'),
    });
  });

  it('ends when a member silent for almost a day retires, one millisecond past the day', () => {
    const ts = at('2026-11-21T07:10:00Z');
    expect(deviceAnswerWindow(NOW, [ts])).toEqual({
      from: at('2026-11-22T07:00:00Z'),
      until: ts + MEMBER_RETIRED_MS + 1,
    });
  });

  it('starts when a member retired inside the quarter hour', () => {
    const ts = at('2026-11-21T07:03:00Z');
    expect(deviceAnswerWindow(NOW, [ts]).from).toBe(ts + MEMBER_RETIRED_MS + 1);
  });

  it('starts at a reading newer than the quarter hour, and ends at one in the future', () => {
    const recent = at('2026-11-22T07:05:30Z');
    const ahead = at('2026-11-22T07:09:00Z');
    expect(deviceAnswerWindow(NOW, [recent, ahead])).toEqual({ from: recent, until: ahead });
  });

  it('holds real-time demand constant across its whole window (checked minute by minute)', () => {
    const members = [at('2026-11-22T07:05:30Z'), at('2026-11-21T07:11:00Z')];
    const window = deviceAnswerWindow(NOW, members);
    const expected = realTimeDemandBlock(members, NOW);
    for (let t = window.from; t < window.until; t += 30_000) {
      expect(realTimeDemandBlock(members, t)).toBe(expected);
    }
    expect(realTimeDemandBlock(members, window.until)).not.toBe(expected);
  });

  it('a chart of a fixed range holds at every instant', () => {
    expect(TIMELESS.from).toBe(-Infinity);
    expect(TIMELESS.until).toBe(Infinity);
  });
});

describe('AnswerCache', () => {
  const window = { from: 0, until: 100 };

  it('serves an entry only under its stamp and inside its window', () => {
    const cache = new AnswerCache();
    cache.set('k', '0.1', window, '{"a":1}');
    expect(cache.get('k', '0.1', 50)).toBe('{"a":1}');
    expect(cache.get('k', '0.1', 100)).toBeUndefined();
    // Dropped on sight: even the right stamp and time find nothing now.
    expect(cache.get('k', '0.1', 50)).toBeUndefined();
    cache.set('k', '0.1', window, '{"a":1}');
    expect(cache.get('k', '0.2', 50)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('lets the least recently used go first when full, and never keeps what cannot fit', () => {
    const cache = new AnswerCache(20);
    cache.set('a', 's', window, '{"v":"aaaa"}'); // 12
    cache.set('b', 's', window, '{"v":"b"}'); // 9: 21 > 20, so a goes
    expect(cache.get('a', 's', 1)).toBeUndefined();
    cache.set('c', 's', window, '{"c":1}'); // 7: 16
    expect(cache.get('b', 's', 1)).toBe('{"v":"b"}'); // b is now the most recent
    cache.set('d', 's', window, '{"d":"dd"}'); // 10: c goes, b stays
    expect(cache.get('c', 's', 1)).toBeUndefined();
    expect(cache.get('b', 's', 1)).toBe('{"v":"b"}');
    cache.set('e', 's', window, '{"e":"far too long for it"}');
    expect(cache.get('e', 's', 1)).toBeUndefined();
    expect(cache.size).toBe(19);
  });

  it('replaces an entry of the same key without counting it twice', () => {
    const cache = new AnswerCache();
    cache.set('k', 's', window, '{"a":1}');
    cache.set('k', 't', window, '{"a":22}');
    expect(cache.size).toBe(8);
    expect(cache.get('k', 't', 1)).toBe('{"a":22}');
  });
});

describe('dispatchDataChange', () => {
  const seen = () => {
    const calls: string[] = [];
    return {
      calls,
      handlers: {
        changed: (id: number) => calls.push(`factory ${id}`),
        everything: () => calls.push('everything'),
      },
    };
  };

  it('names the factory of a numeric payload, and everything for * or anything else', () => {
    const { calls, handlers } = seen();
    for (const payload of ['42', '*', '', 'x', '1.5']) dispatchDataChange(payload, handlers);
    expect(calls).toEqual(['factory 42', 'everything', 'everything', 'everything', 'everything']);
  });
});
