import { describe, expect, it } from 'vitest';
import { NO_OTHER_CONTRACTS } from '@wattboard/contract';
import {
  changeDayProblem,
  SINCE_ALWAYS,
  termsOn,
  versionsAfterChange,
  type ContractTerms,
} from '../../src/modules/billing/calc/contract-versions.ts';

const kw = (regular: number | null, offPeak = 0): ContractTerms => ({
  contractCapacityKw: regular,
  otherContractsKw: { ...NO_OTHER_CONTRACTS, offPeak },
});
const at = (validFrom: string, terms: ContractTerms) => ({ validFrom, ...terms });

describe('termsOn', () => {
  const versions = [
    at(SINCE_ALWAYS, kw(500)),
    at('2026-06-15', kw(600)),
    at('2026-10-15', kw(550)),
  ];

  it.each([
    ['1999-12-31', 700], // before every version: the row's
    ['2000-01-01', 500],
    ['2026-06-14', 500],
    ['2026-06-15', 600], // the first day of a version is its own
    ['2026-10-14', 600],
    ['2026-10-15', 550],
    ['2030-01-01', 550],
  ])('on %s the regular capacity is %d kW', (date, expected) => {
    expect(termsOn(versions, kw(700), date).contractCapacityKw).toBe(expected);
  });

  it('is the row when the point has no versions, whatever the day', () => {
    expect(termsOn([], kw(420), '2020-01-01')).toEqual(kw(420));
  });

  it('does not depend on the order it is given', () => {
    expect(termsOn([...versions].reverse(), kw(700), '2026-07-01').contractCapacityKw).toBe(600);
  });
});

describe('versionsAfterChange', () => {
  it('keeps the old terms before a first change', () => {
    expect(versionsAfterChange([], kw(500), kw(600), '2026-11-15')).toEqual([
      at(SINCE_ALWAYS, kw(500)),
      at('2026-11-15', kw(600)),
    ]);
  });

  it('lets a first entry (no contract before) hold for the whole history', () => {
    expect(versionsAfterChange([], kw(null), kw(600), '2026-11-15')).toEqual([
      at(SINCE_ALWAYS, kw(600)),
    ]);
  });

  it('counts another contract type as a contract: it is kept', () => {
    expect(versionsAfterChange([], kw(null, 100), kw(600), '2026-11-15')).toHaveLength(2);
  });

  it('replaces every version from the day on and keeps the earlier ones', () => {
    const before = [
      at(SINCE_ALWAYS, kw(500)),
      at('2026-06-15', kw(600)),
      at('2026-10-15', kw(550)),
    ];
    expect(versionsAfterChange(before, kw(550), kw(650), '2026-06-15')).toEqual([
      at(SINCE_ALWAYS, kw(500)),
      at('2026-06-15', kw(650)),
    ]);
  });

  it('folds a version that repeats the one before it', () => {
    const before = [at(SINCE_ALWAYS, kw(500)), at('2026-06-15', kw(600))];
    expect(versionsAfterChange(before, kw(600), kw(500), '2026-06-15')).toEqual([
      at(SINCE_ALWAYS, kw(500)),
    ]);
    // Saving the same terms (e.g. only the account number changed) adds nothing.
    expect(versionsAfterChange(before, kw(600), kw(600), '2026-11-15')).toEqual(before);
    expect(versionsAfterChange([], kw(600), kw(600), '2026-11-15')).toEqual([
      at(SINCE_ALWAYS, kw(600)),
    ]);
  });

  it('tells a change of another contract type apart', () => {
    expect(versionsAfterChange([], kw(500), kw(500, 200), '2026-11-15')).toEqual([
      at(SINCE_ALWAYS, kw(500)),
      at('2026-11-15', kw(500, 200)),
    ]);
  });
});

describe('changeDayProblem', () => {
  it.each([
    ['2026-11-15', 15, '2026-11-29', null],
    ['2026-11-15', 15, '2026-11-15', null], // the current period's first day, on it
    ['2025-03-15', 15, '2026-11-29', null], // an earlier reading day corrects history
    ['2026-12-15', 15, '2026-11-29', 'future'],
    ['2026-11-15', 15, '2026-11-14', 'future'], // today's period began on 10-15
    ['2026-11-20', 15, '2026-11-29', 'notReadingDay'],
    ['2026-11-01', 1, '2026-11-29', null],
    ['2026-11-15', 1, '2026-11-29', 'notReadingDay'],
  ] as const)('%s with reading day %d on %s: %s', (from, day, today, expected) => {
    expect(changeDayProblem(from, day, today)).toBe(expected);
  });
});
