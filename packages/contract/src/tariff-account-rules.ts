import type { TariffDefinition } from './tariff.ts';

/**
 * The checks of the low-voltage fields (decision 0068), part of
 * tariffProblems: what the bill could not price as the table means.
 */

export interface AccountProblem {
  path: (string | number)[];
  message: string;
}

export const FLAT_DAY_MESSAGE =
  'a tariff without time of use bills every hour at one rate: each day must be one 00:00–24:00 peak range';
export const FLAT_STAGES_MESSAGE =
  'a tariff without time of use is held against its contract as two-stage peak hours: stages must be twoStage';
export const FLAT_RATE_MESSAGE =
  'a tariff without time of use has one rate per season: every day of a season needs the same peak rate';
export const INSTALLED_TYPES_MESSAGE =
  'an installed-capacity contract has no other contract types: contractBasicRates must be empty';

export function accountProblems(t: TariffDefinition): AccountProblem[] {
  const problems: AccountProblem[] = [];
  if (!t.timeOfUse) {
    if (t.stages !== 'twoStage') problems.push({ path: ['stages'], message: FLAT_STAGES_MESSAGE });
    for (const [i, day] of t.days.entries()) {
      const [only, ...more] = day.ranges;
      const whole =
        more.length === 0 &&
        only?.from === '00:00' &&
        only.to === '24:00' &&
        only.period === 'peak';
      if (!whole) problems.push({ path: ['days', i, 'ranges'], message: FLAT_DAY_MESSAGE });
      const first = t.days.find((d) => d.season === day.season);
      if (first && first.rates.peak !== day.rates.peak)
        problems.push({ path: ['days', i, 'rates', 'peak'], message: FLAT_RATE_MESSAGE });
    }
  }
  if (t.contractBasis === 'installed' && t.contractBasicRates !== null)
    problems.push({ path: ['contractBasicRates'], message: INSTALLED_TYPES_MESSAGE });
  return problems;
}
