import { describe, expect, it } from 'vitest';
import { parseFloatArray } from '../../src/modules/rollups/repo/load-window.ts';

describe('parseFloatArray (a float8[] in its text form)', () => {
  it('reads numbers and NULLs in order', () => {
    expect(parseFloatArray('{1.5,NULL,2,-0.25}')).toEqual([1.5, null, 2, -0.25]);
  });

  it('is empty for NULL (nothing stored) and for an empty array', () => {
    expect(parseFloatArray(null)).toEqual([]);
    expect(parseFloatArray('{}')).toEqual([]);
  });

  it('gives back the exact double PostgreSQL printed, exponents and all', () => {
    expect(parseFloatArray('{12364.59,0.1,1e-07,1.7976931348623157e+308}')).toEqual([
      12364.59,
      0.1,
      1e-7,
      Number.MAX_VALUE,
    ]);
    expect(parseFloatArray('{1764000000000,Infinity,-Infinity}')).toEqual([
      1764000000000,
      Infinity,
      -Infinity,
    ]);
  });
});
