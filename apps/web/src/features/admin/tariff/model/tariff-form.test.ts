import { DEFAULT_TARIFF, TAIPOWER_TARIFFS, taipowerTariff } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import {
  catalogToForm,
  errorAt,
  formToTariff,
  serverTariffErrors,
  tariffToForm,
  validateTariffForm,
} from './tariff-form';
import type { TariffFormValues } from './tariff-form';

const form = (): TariffFormValues => tariffToForm(DEFAULT_TARIFF, '2027-01-01');

describe('tariff form', () => {
  it('round-trips the default tariff unchanged, with the tier as a percentage', () => {
    const values = form();
    expect(values.penaltyTierPercent).toBe(String(DEFAULT_TARIFF.penaltyTierFraction * 100));
    expect(values.days[0]?.rates.peak).toBe(String(DEFAULT_TARIFF.days[0]?.rates.peak));
    expect(formToTariff(values)).toEqual(DEFAULT_TARIFF);
    expect(validateTariffForm(values)).toEqual({});
  });

  it('writes 7 % as 7 and back as 0.07 without binary noise', () => {
    const values = tariffToForm({ ...DEFAULT_TARIFF, penaltyTierFraction: 0.07 }, '2027-01-01');
    expect(values.penaltyTierPercent).toBe('7');
    expect(formToTariff(values).penaltyTierFraction).toBeCloseTo(0.07, 12);
  });

  it('names each bad number at its field, and a percentage over 100 at the percentage', () => {
    const values = form();
    values.days[2]!.rates.peak = '-1';
    values.basicChargePerKw.summer = 'abc';
    values.penaltyTierPercent = '150';
    values.validFrom = '2027-02-30';
    const errors = validateTariffForm(values);
    expect(errors['days.2.rates.peak']).toBe('rates.peak must be 0 or more');
    expect(errors['basicChargePerKw.summer']).toMatch(/Expected a number/);
    expect(errors['penaltyTierPercent']).toBe('penaltyTierFraction must be at most 1');
    expect(errors['validFrom']).toMatch(/yyyy-MM-dd|date/);
  });

  it("finds a gap or an overlap in a day's ranges and a hole in the seasons", () => {
    const values = form();
    values.days[0]!.ranges[0]!.to = '08:00';
    values.seasons[0]!.to = '10-14';
    const errors = validateTariffForm(values);
    expect(errors['days.0.ranges']).toBe(
      'days[0]: ranges must cover the whole day (a gap at 08:00)',
    );
    expect(errors['seasons']).toMatch(/seasons must cover the whole year \(10-15 is missing\)/);
    values.days[0]!.ranges[0]!.to = '10:00';
    expect(validateTariffForm(values)['days.0.ranges']).toBe('days[0]: ranges must not overlap');
  });

  it('still finds a gap in the hours while a rate is malformed', () => {
    const values = form();
    values.days[0]!.rates.offPeak = '-1';
    values.days[0]!.ranges.splice(1, 1);
    const errors = validateTariffForm(values);
    expect(errors['days.0.rates.offPeak']).toBe('rates.offPeak must be 0 or more');
    expect(errors['days.0.ranges']).toBe(
      'days[0]: ranges must cover the whole day (a gap at 09:00)',
    );
  });

  it('refuses a blank name and a repeated holiday', () => {
    const values = form();
    values.name = '  ';
    values.holidays = [
      { date: '2027-01-01', name: '元旦', nameEn: 'New year' },
      { date: '2027-01-01', name: '再一次', nameEn: 'Again' },
    ];
    const errors = validateTariffForm(values);
    expect(errors['name']).toBe('name is required');
    expect(errors['holidays.1.date']).toBe('holidays repeat 2027-01-01');
  });
});

describe('stages and the other contract types (issue #24)', () => {
  it.each(TAIPOWER_TARIFFS.map((entry) => [entry.id, entry] as const))(
    'round-trips %s unchanged: stages, and "—" as a blank and back as null',
    (_id, entry) => {
      const values = tariffToForm(entry.tariff, entry.effectiveFrom);
      expect(formToTariff(values)).toEqual(entry.tariff);
      expect(validateTariffForm(values)).toEqual({});
    },
  );

  it('shows a two-stage table with blanks where it prints "—"', () => {
    const values = tariffToForm(taipowerTariff('hv-2stage@2025-10-01')!.tariff, '2027-01-01');
    expect(values.stages).toBe('twoStage');
    expect(values.contractBasicRates.summer).toEqual({
      halfPeak: '',
      nonSummer: '',
      saturdayHalfPeak: '44.7',
      offPeak: '44.7',
    });
    expect(values.contractBasicRates.nonSummer.nonSummer).toBe('166.9');
  });

  it('keeps a version without the types (null) so, and all blank saves null', () => {
    const values = tariffToForm({ ...DEFAULT_TARIFF, contractBasicRates: null }, '2027-01-01');
    expect(Object.values(values.contractBasicRates.summer)).toEqual(['', '', '', '']);
    expect(formToTariff(values).contractBasicRates).toBeNull();
    const edited = form();
    edited.contractBasicRates.summer.halfPeak = ' ';
    expect(formToTariff(edited).contractBasicRates?.summer).toEqual({
      halfPeak: null,
      nonSummer: null,
      saturdayHalfPeak: 44.7,
      offPeak: 44.7,
    });
  });

  it('names a bad rate and two Saturday/off-peak figures at their fields', () => {
    const values = form();
    values.contractBasicRates.summer.halfPeak = '-5';
    values.contractBasicRates.nonSummer.offPeak = '30';
    values.stages = 'twoStage';
    const errors = validateTariffForm(values);
    expect(errors['contractBasicRates.summer.halfPeak']).toBe(
      'contractBasicRates.summer.halfPeak must be 0 or more',
    );
    expect(errors['contractBasicRates.nonSummer.offPeak']).toBe(
      'contractBasicRates.nonSummer: saturdayHalfPeak and offPeak share one rate',
    );
    expect(formToTariff(values).stages).toBe('twoStage');
  });

  it("fills the form from a Taipower table, valid from its day, keeping the form's holidays", () => {
    const current = form();
    current.holidays = [{ date: '2028-01-01', name: '開國紀念日', nameEn: 'Founding Day' }];
    const entry = taipowerTariff('ehv-3stage@2024-10-16')!;
    const values = catalogToForm(entry, current);
    expect(values.validFrom).toBe('2024-10-16');
    expect(values.name).toBe(entry.tariff.name);
    expect(values.holidays).toEqual(current.holidays);
    expect(formToTariff(values)).toEqual({ ...entry.tariff, holidays: current.holidays });
  });
});

describe("the server's refusal", () => {
  it('is split into messages per form field', () => {
    expect(
      serverTariffErrors(
        'tariff.days.2.ranges: days[2]: ranges must not overlap; tariff.penaltyTierFraction: penaltyTierFraction must be at most 1; validFrom: Expected a date as yyyy-MM-dd',
      ),
    ).toEqual({
      'days.2.ranges': 'days[2]: ranges must not overlap',
      penaltyTierPercent: 'penaltyTierFraction must be at most 1',
      validFrom: 'Expected a date as yyyy-MM-dd',
    });
  });

  it('keeps a message naming no field for the whole form', () => {
    expect(serverTariffErrors('Only the Admin user can do this.')).toEqual({
      '': 'Only the Admin user can do this.',
    });
    expect(serverTariffErrors('tariff: Invalid input')).toEqual({ '': 'Invalid input' });
  });

  it('shows a row problem at its group', () => {
    const errors = { 'days.1.ranges.0.from': 'Expected a time', 'days.1.ranges': 'gap' };
    expect(errorAt(errors, 'days.1.ranges')).toBe('gap');
    expect(errorAt({ 'days.1.ranges.0.from': 'Expected a time' }, 'days.1.ranges')).toBe(
      'Expected a time',
    );
    expect(errorAt(errors, 'days.0.ranges')).toBeUndefined();
  });
});

describe('time ranges', () => {
  it('offers every quarter hour from 00:00 to 24:00', async () => {
    const { QUARTER_TIMES } = await import('./tariff-form');
    expect(QUARTER_TIMES).toHaveLength(97);
    expect(QUARTER_TIMES.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(QUARTER_TIMES.at(-1)).toBe('24:00');
  });

  it('adds a range after the last one, or the last hour of a full day', async () => {
    const { nextRange } = await import('./tariff-form');
    expect(nextRange([])).toEqual({ from: '00:00', to: '24:00', period: 'offPeak' });
    expect(nextRange([{ from: '00:00', to: '09:00', period: 'offPeak' }])).toEqual({
      from: '09:00',
      to: '24:00',
      period: 'offPeak',
    });
    expect(nextRange([{ from: '00:00', to: '24:00', period: 'peak' }])).toEqual({
      from: '23:00',
      to: '24:00',
      period: 'offPeak',
    });
  });
});
