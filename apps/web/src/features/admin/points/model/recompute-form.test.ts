import { RECOMPUTE_MAX_DAYS } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import {
  defaultRecomputeRange,
  recomputeFormSchema,
  shownDay,
  toRecompute,
} from './recompute-form';

const issues = (values: unknown) => {
  const result = recomputeFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('recompute form', () => {
  it('offers the last seven days ending today, across a month and a year', () => {
    expect(defaultRecomputeRange('2026-11-21')).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(defaultRecomputeRange('2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(defaultRecomputeRange('2027-01-02', 3)).toEqual({
      from: '2026-12-31',
      to: '2027-01-02',
    });
  });

  it('accepts one day and the longest range the contract allows', () => {
    expect(issues({ from: '2026-11-21', to: '2026-11-21' })).toEqual({});
    expect(RECOMPUTE_MAX_DAYS).toBe(400);
    // 2025-10-18 .. 2026-11-21 is 400 days, both included.
    expect(issues({ from: '2025-10-18', to: '2026-11-21' })).toEqual({});
  });

  it('puts an inverted or too long range at To, with the contract messages', () => {
    expect(issues({ from: '2026-11-21', to: '2026-11-20' })).toEqual({
      to: 'to must not be before from',
    });
    expect(issues({ from: '2025-10-17', to: '2026-11-21' })).toEqual({
      to: `to must be within ${RECOMPUTE_MAX_DAYS} days of from`,
    });
  });

  it('needs a date in each field', () => {
    expect(Object.keys(issues({ from: '', to: '2026-11-21' }))).toEqual(['from']);
    expect(Object.keys(issues({ from: '2026-11-21', to: '2026-02-30' }))).toEqual(['to']);
  });

  it('sends the node with the two days', () => {
    expect(toRecompute(3, { from: '2026-11-15', to: '2026-11-21' })).toEqual({
      nodeId: 3,
      from: '2026-11-15',
      to: '2026-11-21',
    });
    expect(shownDay('2026-11-05')).toBe('2026/11/05');
  });
});
