import { describe, expect, it } from 'vitest';
import { headerColumns } from './header-columns';

describe('headerColumns', () => {
  it('reads plain, quoted and trimmed names', () => {
    expect(headerColumns('time, serial ,kWh')).toEqual(['time', 'serial', 'kWh']);
    expect(headerColumns('"Interval End","Usage, kWh","say ""hi"""')).toEqual([
      'Interval End',
      'Usage, kWh',
      'say "hi"',
    ]);
    expect(headerColumns('時間,度數,')).toEqual(['時間', '度數']);
  });
});
