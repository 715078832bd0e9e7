import { describe, expect, it } from 'vitest';
import { keepLatest, LOG_LINE_LIMIT, payloadText, RAW_EVENT_LIMIT, toRawEvent } from './feed';

describe('keepLatest', () => {
  it('appends while under the limit', () => {
    expect(keepLatest([1, 2], 3, 5)).toEqual([1, 2, 3]);
    expect(keepLatest([], 'a', 1)).toEqual(['a']);
  });

  it('drops the oldest once the limit is reached', () => {
    expect(keepLatest([1, 2, 3], 4, 3)).toEqual([2, 3, 4]);
  });

  it('trims a list that is already longer than the limit', () => {
    expect(keepLatest([1, 2, 3, 4, 5], 6, 2)).toEqual([5, 6]);
  });

  it('keeps nothing for a limit of zero or less', () => {
    expect(keepLatest([1], 2, 0)).toEqual([]);
    expect(keepLatest([1], 2, -1)).toEqual([]);
  });

  it('does not change the list it was given', () => {
    const items = [1, 2, 3];
    keepLatest(items, 4, 2);
    expect(items).toEqual([1, 2, 3]);
  });

  it('keeps exactly the fixed limits after many entries: 10 raw events, 20 log lines', () => {
    let events: number[] = [];
    let lines: string[] = [];
    for (let n = 1; n <= 35; n += 1) {
      events = keepLatest(events, n, RAW_EVENT_LIMIT);
      lines = keepLatest(lines, `line ${n}`, LOG_LINE_LIMIT);
    }
    expect(RAW_EVENT_LIMIT).toBe(10);
    expect(LOG_LINE_LIMIT).toBe(20);
    expect(events).toEqual([26, 27, 28, 29, 30, 31, 32, 33, 34, 35]);
    expect(lines).toHaveLength(20);
    expect(lines[0]).toBe('line 16');
    expect(lines.at(-1)).toBe('line 35');
  });
});

describe('raw events', () => {
  it('shows the payload as JSON text', () => {
    const at = new Date('2026-11-21T06:03:05Z');
    expect(toRawEvent(3, 'AlertReceived', { id: 4, type: 'Abnormal' }, at)).toEqual({
      seq: 3,
      name: 'AlertReceived',
      payload: '{"id":4,"type":"Abnormal"}',
      receivedAt: at,
    });
  });

  it('copes with payloads JSON cannot express', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(payloadText(undefined)).toBe('');
    expect(payloadText(cyclic)).toBe('[object Object]');
    expect(payloadText(12n)).toBe('12');
    expect(payloadText('text')).toBe('"text"');
  });
});
