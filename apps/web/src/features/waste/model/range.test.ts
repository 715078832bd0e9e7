import { describe, expect, it } from 'vitest';
import { lastCompleteWeek, rangeProblem, readWasteRange } from './range';

const today = '2026-11-29';

describe('lastCompleteWeek', () => {
  it('is the 7 days ending yesterday', () => {
    expect(lastCompleteWeek(today)).toEqual({ startDate: '2026-11-22', endDate: '2026-11-28' });
  });

  it('crosses a month and a year', () => {
    expect(lastCompleteWeek('2027-01-03')).toEqual({
      startDate: '2026-12-27',
      endDate: '2027-01-02',
    });
  });
});

describe('rangeProblem', () => {
  it('accepts a week and exactly 31 days', () => {
    expect(rangeProblem({ startDate: '2026-11-22', endDate: '2026-11-28' }, today)).toBeNull();
    expect(rangeProblem({ startDate: '2026-10-29', endDate: '2026-11-28' }, today)).toBeNull();
  });

  it('refuses 32 days, as the contract does', () => {
    expect(rangeProblem({ startDate: '2026-10-28', endDate: '2026-11-28' }, today)).toBe('tooLong');
  });

  it('refuses an end before the start, a date that is no day, and a day after today', () => {
    expect(rangeProblem({ startDate: '2026-11-28', endDate: '2026-11-27' }, today)).toBe('order');
    expect(rangeProblem({ startDate: '2026-02-30', endDate: '2026-03-02' }, today)).toBe('invalid');
    expect(rangeProblem({ startDate: 'soon', endDate: '2026-11-28' }, today)).toBe('invalid');
    expect(rangeProblem({ startDate: '2026-11-28', endDate: '2026-11-30' }, today)).toBe('future');
  });
});

describe('readWasteRange', () => {
  it('defaults to the last complete week', () => {
    expect(readWasteRange(new URLSearchParams(''), today)).toEqual(lastCompleteWeek(today));
  });

  it('keeps the dates given, wrong ones too, so the page can say what is wrong', () => {
    const given = new URLSearchParams('startDate=2026-11-01&endDate=2026-12-31');
    expect(readWasteRange(given, today)).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-12-31',
    });
  });

  it('fills a missing end from the last complete week', () => {
    const given = new URLSearchParams('startDate=2026-11-20');
    expect(readWasteRange(given, today)).toEqual({
      startDate: '2026-11-20',
      endDate: '2026-11-28',
    });
  });
});
