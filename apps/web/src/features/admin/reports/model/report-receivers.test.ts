import { describe, expect, it } from 'vitest';
import { parseReceivers, receiversProblem, receiversText } from './report-receivers';

describe('report receivers', () => {
  it('reads addresses one per line or separated by commas, semicolons and spaces', () => {
    expect(
      parseReceivers(' a@example.com,b@example.com;\n\n c@example.com  d@example.com '),
    ).toEqual(['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']);
    expect(parseReceivers('  \n ')).toEqual([]);
    expect(receiversText(['a@example.com', 'b@example.com'])).toBe('a@example.com\nb@example.com');
  });

  it('names the first bad or repeated address', () => {
    expect(receiversProblem(['a@example.com', 'nope'], true)).toEqual({
      key: 'admin.reports.invalidAddress',
      values: { address: 'nope' },
    });
    expect(receiversProblem(['a@example.com', 'A@example.com'], false)).toEqual({
      key: 'admin.reports.duplicate',
      values: { address: 'A@example.com' },
    });
  });

  it('needs a receiver while on, allows none while off, and at most ten', () => {
    expect(receiversProblem([], true)).toEqual({ key: 'admin.reports.needReceiver' });
    expect(receiversProblem([], false)).toBeNull();
    const eleven = Array.from({ length: 11 }, (_, i) => `r${i}@example.com`);
    expect(receiversProblem(eleven, false)).toEqual({
      key: 'admin.reports.tooMany',
      values: { max: 10 },
    });
    expect(receiversProblem(eleven.slice(0, 10), true)).toBeNull();
  });
});
