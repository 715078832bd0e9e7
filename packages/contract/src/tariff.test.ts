import { describe, expect, it } from 'vitest';
import { adminTariffUpdateRequest } from './admin/tariff.ts';
import { costNodeRequest } from './cost.ts';
import { DEFAULT_TARIFF } from './tariff-default.ts';
import { rangesProblem, tariffProblems } from './tariff-rules.ts';
import type { TariffDefinition, TouRange } from './tariff.ts';

const envelope = { email: 'a@b.c', action: '/x', token: 't' };
const messages = (t: TariffDefinition) => tariffProblems(t).map((p) => p.message);
const clone = (): TariffDefinition => structuredClone(DEFAULT_TARIFF);

describe('tariff rules', () => {
  it('accepts the shipped default', () => {
    expect(tariffProblems(DEFAULT_TARIFF)).toEqual([]);
    const parsed = adminTariffUpdateRequest.safeParse({
      ...envelope,
      validFrom: '2026-12-01',
      tariff: DEFAULT_TARIFF,
    });
    expect(parsed.success).toBe(true);
  });

  const day = (ranges: Array<[string, string]>): TouRange[] =>
    ranges.map(([from, to]) => ({ from, to, period: 'offPeak' }));
  it.each([
    [[['00:00', '24:00']], null],
    [
      [
        ['12:00', '24:00'],
        ['00:00', '12:00'],
      ],
      null,
    ],
    [[['00:00', '12:00']], 'ranges must cover the whole day (a gap at 12:00)'],
    [
      [
        ['00:00', '12:00'],
        ['12:15', '24:00'],
      ],
      'ranges must cover the whole day (a gap at 12:00)',
    ],
    [
      [
        ['00:00', '12:15'],
        ['12:00', '24:00'],
      ],
      'ranges must not overlap',
    ],
    [[['06:00', '24:00']], 'ranges must cover the whole day (a gap at 00:00)'],
    [
      [
        ['00:00', '24:00'],
        ['10:00', '10:00'],
      ],
      'each range must end after it starts',
    ],
  ] as Array<[Array<[string, string]>, string | null]>)('ranges %j → %s', (ranges, problem) => {
    expect(rangesProblem(day(ranges))).toBe(problem);
  });

  it('names a season gap, an overlap, and Feb 29', () => {
    const gap = clone();
    gap.seasons = [{ season: 'summer', from: '01-01', to: '12-30' }];
    expect(messages(gap)).toEqual(['seasons must cover the whole year (12-31 is missing)']);
    const leap = clone();
    leap.seasons = [
      { season: 'nonSummer', from: '01-01', to: '02-28' },
      { season: 'summer', from: '03-01', to: '12-31' },
    ];
    expect(messages(leap)).toEqual(['seasons must cover the whole year (02-29 is missing)']);
    const overlap = clone();
    overlap.seasons.push({ season: 'summer', from: '07-01', to: '07-02' });
    expect(messages(overlap)).toEqual(['seasons[2] overlaps seasons[0]']);
    const unreal = clone();
    unreal.seasons[0] = { season: 'summer', from: '02-30', to: '10-15' };
    expect(messages(unreal)).toEqual(['seasons[0].from is not a real day']);
  });

  it('refuses a repeated or missing day type, and a repeated holiday', () => {
    const t = clone();
    t.days[1] = { ...t.days[0]! };
    t.holidays.push({ ...t.holidays[0]! });
    expect(messages(t)).toEqual([
      'days[1] repeats summer/weekday',
      'days is missing summer/saturday',
      `holidays repeat ${t.holidays[0]!.date}`,
    ]);
  });

  it('refuses a negative rate and off-quarter times with the field named', () => {
    const t = clone() as unknown as { days: Array<Record<string, unknown>> };
    t.days[0]!['rates'] = { peak: -1, halfPeak: 1, offPeak: 1 };
    t.days[1]!['ranges'] = [{ from: '00:10', to: '24:00', period: 'offPeak' }];
    const parsed = adminTariffUpdateRequest.safeParse({
      ...envelope,
      validFrom: '2026-01-01',
      tariff: t,
    });
    expect(parsed.success).toBe(false);
    const issues = parsed.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toContain('tariff.days.0.rates.peak: rates.peak must be 0 or more');
    expect(issues).toContain(
      'tariff.days.1.ranges.0.from: Expected a time of day on a quarter hour as HH:mm (00:00 to 24:00)',
    );
  });
});

describe('cost node request', () => {
  const base = { ...envelope, deviceId: 5, startDate: '2026-11-01', endDate: '2026-11-30' };
  it('defaults to days and keeps the range rules', () => {
    expect(costNodeRequest.parse(base).interval).toBe('day');
    const reversed = costNodeRequest.safeParse({ ...base, endDate: '2026-10-31' });
    expect(reversed.error?.issues[0]?.message).toBe('endDate must not be before startDate');
    const long = costNodeRequest.safeParse({
      ...base,
      endDate: '2026-12-02',
      interval: 'quarterHour',
    });
    expect(long.error?.issues[0]?.path).toEqual(['endDate']);
    expect(
      costNodeRequest.safeParse({ ...base, endDate: '2026-12-01', interval: 'quarterHour' })
        .success,
    ).toBe(true);
  });
});
