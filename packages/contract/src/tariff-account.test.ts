import { describe, expect, it } from 'vitest';
import {
  FLAT_DAY_MESSAGE,
  FLAT_RATE_MESSAGE,
  FLAT_STAGES_MESSAGE,
  INSTALLED_TYPES_MESSAGE,
} from './tariff-account-rules.ts';
import { DEFAULT_TARIFF } from './tariff-default.ts';
import { tariffProblems, validTariff } from './tariff-rules.ts';
import { tariffDefinition, type TariffDefinition } from './tariff.ts';

const clone = (): TariffDefinition => structuredClone(DEFAULT_TARIFF);
const messages = (t: TariffDefinition) => tariffProblems(t).map((p) => p.message);

/** Every day one all-day peak range at the season's rate: a valid flat tariff. */
function flat(): TariffDefinition {
  const t = clone();
  t.timeOfUse = false;
  t.stages = 'twoStage';
  for (const day of t.days) {
    day.ranges = [{ from: '00:00', to: '24:00', period: 'peak' }];
    day.rates.peak = day.season === 'summer' ? 4.08 : 3.87;
  }
  return t;
}

describe('the low-voltage fields of a tariff version', () => {
  it('a version saved before them parses with their defaults and bills as before', () => {
    const stored = structuredClone(DEFAULT_TARIFF) as Partial<TariffDefinition>;
    delete stored.customerChargePerMonth;
    delete stored.contractBasis;
    delete stored.timeOfUse;
    delete stored.industry;
    expect(tariffDefinition.parse(stored)).toEqual(DEFAULT_TARIFF);
    expect(DEFAULT_TARIFF).toMatchObject({
      customerChargePerMonth: 0,
      contractBasis: 'demand',
      timeOfUse: true,
      industry: null,
    });
  });

  it.each([
    [{ customerChargePerMonth: -1 }, 'customerChargePerMonth must be 0 or more'],
    [{ customerChargePerMonth: 'x' }, undefined],
    [{ contractBasis: 'kva' }, 'contractBasis must be demand or installed'],
    [{ industry: { code: '261', coefficient: 0 } }, 'industry.coefficient must be more than 0'],
    [{ industry: { code: '261', coefficient: 2.5 } }, 'industry.coefficient must be at most 2'],
    [{ industry: { code: ' ', coefficient: 1 } }, 'industry.code is required'],
  ] as const)('refuses %j', (patch, message) => {
    const parsed = tariffDefinition.safeParse({ ...clone(), ...patch });
    expect(parsed.success).toBe(false);
    if (message) expect(parsed.error?.issues.map((i) => i.message)).toContain(message);
  });

  it('takes a customer charge, an installed-capacity basis and an industry', () => {
    const t = {
      ...clone(),
      customerChargePerMonth: '262.5',
      contractBasis: 'installed',
      contractBasicRates: null,
      industry: { code: '261', coefficient: '1.017' },
    };
    const parsed = validTariff.parse(t);
    expect(parsed.customerChargePerMonth).toBe(262.5);
    expect(parsed.industry).toEqual({ code: '261', coefficient: 1.017 });
  });

  it('a flat tariff: one all-day peak range per day, two-stage, one rate per season', () => {
    expect(tariffProblems(flat())).toEqual([]);
    const split = flat();
    split.days[0]!.ranges = [
      { from: '00:00', to: '12:00', period: 'peak' },
      { from: '12:00', to: '24:00', period: 'peak' },
    ];
    expect(messages(split)).toEqual([FLAT_DAY_MESSAGE]);
    const offPeak = flat();
    offPeak.days[2]!.ranges = [{ from: '00:00', to: '24:00', period: 'offPeak' }];
    expect(messages(offPeak)).toEqual([FLAT_DAY_MESSAGE]);
    const threeStage = flat();
    threeStage.stages = 'threeStage';
    expect(messages(threeStage)).toEqual([FLAT_STAGES_MESSAGE]);
    const twoRates = flat();
    const saturday = twoRates.days.find((d) => d.season === 'summer' && d.dayType === 'saturday')!;
    saturday.rates.peak = 4.1;
    expect(messages(twoRates)).toEqual([FLAT_RATE_MESSAGE]);
  });

  it('a time-of-use tariff may hold any periods; an installed contract no other types', () => {
    expect(tariffProblems(clone())).toEqual([]);
    const installed = clone();
    installed.contractBasis = 'installed';
    expect(messages(installed)).toEqual([INSTALLED_TYPES_MESSAGE]);
    installed.contractBasicRates = null;
    expect(tariffProblems(installed)).toEqual([]);
  });
});
