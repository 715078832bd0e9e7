import { describe, expect, it } from 'vitest';
import { memoize } from '../../src/modules/waste/calc/memo.ts';

describe('memoize (the finder asks each quarter and date once per call)', () => {
  it('answers as the function does and asks it once per argument', () => {
    const asked: number[] = [];
    const square = memoize((n: number) => {
      asked.push(n);
      return n * n;
    });
    expect([3, 4, 3, 3, 4, 5].map(square)).toEqual([9, 16, 9, 9, 16, 25]);
    expect(asked).toEqual([3, 4, 5]);
  });

  it('keeps answers that are falsy or undefined', () => {
    let calls = 0;
    const nothing = memoize((_key: string): undefined | 0 => {
      calls += 1;
      return _key === 'a' ? undefined : 0;
    });
    expect([nothing('a'), nothing('a'), nothing('b'), nothing('b')]).toEqual([
      undefined,
      undefined,
      0,
      0,
    ]);
    expect(calls).toBe(2);
  });

  it('keeps each memo to itself', () => {
    let calls = 0;
    const fn = (n: number) => (calls += 1) + n * 0;
    const first = memoize(fn);
    const second = memoize(fn);
    expect([first(1), second(1), first(1)]).toEqual([1, 2, 1]);
  });
});
