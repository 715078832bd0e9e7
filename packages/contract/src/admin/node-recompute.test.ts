import { describe, expect, it } from 'vitest';
import { ADMIN_EXAMPLE_ENVELOPE } from './examples.ts';
import { adminNodeRecomputeRequest } from './nodes.ts';

const paths = (body: Record<string, unknown>) => {
  const parsed = adminNodeRecomputeRequest.safeParse({
    ...ADMIN_EXAMPLE_ENVELOPE,
    nodeId: 4,
    ...body,
  });
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('adminNodeRecomputeRequest', () => {
  it('takes a range of up to 400 days, the last day included', () => {
    expect(paths({ from: '2026-01-01', to: '2026-01-01' })).toEqual([]);
    expect(paths({ from: '2025-10-20', to: '2026-11-23' })).toEqual([]); // 400 days
    expect(paths({ from: '2025-10-19', to: '2026-11-23' })).toEqual([
      'to: to must be within 400 days of from',
    ]);
  });

  it('names the day that is wrong, and judges the range only between two valid days', () => {
    expect(paths({ from: '2026-11-20', to: '2026-11-19' })).toEqual([
      'to: to must not be before from',
    ]);
    expect(paths({ to: '2026-11-19' }).map((p) => p.split(':')[0])).toEqual(['from']);
    expect(paths({ from: '2026-02-30', to: '2026-03-01' }).map((p) => p.split(':')[0])).toEqual([
      'from',
    ]);
  });
});
