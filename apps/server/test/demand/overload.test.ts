import { describe, expect, it } from 'vitest';
import { overloadLevel } from '../../src/modules/demand/calc/overload.ts';

describe('overloadLevel', () => {
  it('makes the loads on draw extraKw more together', () => {
    expect(overloadLevel(40, 200)).toBe(6);
    expect(40 * overloadLevel(40, 200) - 40).toBe(200);
  });
  it('leaves the loads as they are without load or extra', () => {
    expect(overloadLevel(0, 200)).toBe(1);
    expect(overloadLevel(40, 0)).toBe(1);
    expect(overloadLevel(-1, 50)).toBe(1);
    expect(overloadLevel(Number.NaN, 50)).toBe(1);
  });
});
