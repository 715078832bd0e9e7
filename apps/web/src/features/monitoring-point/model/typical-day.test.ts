import { describe, expect, it } from 'vitest';
import { typicalOnAxis } from './typical-day';

const quarters = (values: (number | null)[]) =>
  values.map((value, i) => ({
    time: new Date(Date.parse('2026-11-20T00:00:00+08:00') + i * 15 * 60_000)
      .toISOString()
      .replace('.000Z', 'Z'),
    value,
  }));

describe('typicalOnAxis', () => {
  const typical = quarters([1, 2, 3, 4, 5, null, 7, 8]);

  it('gives 15-minute buckets their quarter, matched by instant whatever the offset text', () => {
    expect(
      typicalOnAxis(
        ['2026-11-20T00:00:00+08:00', '2026-11-20T00:15:00+08:00', '2026-11-20T01:15:00+08:00'],
        typical,
        15,
      ),
    ).toEqual([1, 2, null]);
  });

  it('gives 1- and 5-minute buckets the value of the quarter they fall in', () => {
    expect(
      typicalOnAxis(['2026-11-20T00:05:00+08:00', '2026-11-20T00:44:00+08:00'], typical, 5),
    ).toEqual([1, 3]);
  });

  it('averages an hour’s quarters, a partial edge hour only its own, and skips missing ones', () => {
    expect(
      typicalOnAxis(
        ['2026-11-20T00:30:00+08:00', '2026-11-20T01:00:00+08:00', '2026-11-20T02:00:00+08:00'],
        typical,
        60,
      ),
    ).toEqual([3.5, 6.667, null]);
  });

  it('has nothing for a time it cannot read', () => {
    expect(typicalOnAxis(['not a time'], typical, 15)).toEqual([null]);
  });
});
