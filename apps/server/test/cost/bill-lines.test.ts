import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFF, taipowerTariff, type TariffDefinition } from '@wattboard/contract';
import { datesBetween } from '@wattboard/zone-time';
import { isAllDayPeriod } from '../../src/modules/cost/calc/bill-lines.ts';
import { TariffSchedule } from '../../src/modules/cost/calc/tariff-schedule.ts';

/** Admin › Bills names a flat tariff's kWh line "all day" (decision 0068). */
const table = (kind: string) => taipowerTariff(`${kind}@2025-10-01`)!.tariff;
const scheduleOf = (...versions: [string, TariffDefinition][]) =>
  new TariffSchedule(
    versions.map(([validFrom, definition], i) => ({ id: i + 1, validFrom, definition })),
  );
const DECEMBER = datesBetween('2026-12-01', '2026-12-31');

describe('isAllDayPeriod', () => {
  it.each([
    ['high-voltage three-stage', scheduleOf(['2000-01-01', DEFAULT_TARIFF]), false],
    ['low-voltage three-stage', scheduleOf(['2025-10-01', table('lv-3stage')]), false],
    [
      'low-voltage two-stage, installed',
      scheduleOf(['2025-10-01', table('lv-2stage-installed')]),
      false,
    ],
    ['low-voltage flat', scheduleOf(['2025-10-01', table('lv-flat')]), true],
    ['low-voltage flat, installed', scheduleOf(['2025-10-01', table('lv-flat-installed')]), true],
    // The version on the period's last day decides, as for the over-contract terms.
    [
      'flat from 12-20',
      scheduleOf(['2025-10-01', table('lv-2stage')], ['2026-12-20', table('lv-flat')]),
      true,
    ],
    [
      'time-of-use from 12-20',
      scheduleOf(['2025-10-01', table('lv-flat')], ['2026-12-20', table('lv-2stage')]),
      false,
    ],
    // No tariff on any day: no line to name.
    ['no tariff', scheduleOf(['2027-01-01', table('lv-flat')]), false],
  ] as [string, TariffSchedule, boolean][])('%s', (_, schedule, allDay) => {
    expect(isAllDayPeriod(schedule, DECEMBER)).toBe(allDay);
  });
});
