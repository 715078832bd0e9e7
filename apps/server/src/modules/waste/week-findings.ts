import {
  BASELINE_LOOKBACK_DAYS,
  COST_CURRENCY,
  type WasteFindingsResponse,
} from '@wattboard/contract';
import { addDays, weekdayOf, type ZoneClock } from '@wattboard/zone-time';
import type { Queryable } from '../../platform/db/db.ts';
import { appliedFactorOfYear } from '../carbon/index.ts';
import { roundMoneyOrNull, tariffSchedule } from '../cost/index.ts';
import { findWaste, quartersFromRollups } from './find-waste.ts';
import { activePointRollups } from './repo/point-rollups.ts';
import { meanPricePerKwh } from './repo/range-price.ts';
import { factoryShifts } from './repo/working-hours.ts';

export type WasteAnswer = Pick<
  WasteFindingsResponse,
  'currency' | 'ntdPerKwh' | 'kgCo2PerKwh' | 'findings'
>;

const round = (value: number, places: number) => {
  const scale = 10 ** places;
  const rounded = Math.round(value * scale) / scale;
  return rounded === 0 ? 0 : rounded;
};

/**
 * The factory's waste over local days startDate..endDate, ranked by kWh per
 * week (docs/waste.md): the points' 15-minute rollups of the range and the
 * typical day's look-back before it, the tariff calendar's day types, the
 * tariff's mean price over the range and the emission factor of endDate's
 * year, and the factory's working hours (Admin › Factory). The Findings call
 * and the weekly report both answer with it.
 */
export async function wasteFindingsOf(
  db: Queryable,
  factoryId: number,
  clock: ZoneClock,
  days: { startDate: string; endDate: string },
): Promise<WasteAnswer> {
  const range = {
    from: clock.startOfDay(days.startDate),
    to: clock.startOfDay(addDays(days.endDate, 1)),
  };
  const historyFrom = clock.startOfDay(addDays(days.startDate, -BASELINE_LOOKBACK_DAYS));
  const [points, schedule, factor, shifts] = await Promise.all([
    activePointRollups(db, factoryId, { from: historyFrom, to: range.to }),
    tariffSchedule(db, factoryId),
    appliedFactorOfYear(db, factoryId, Number(days.endDate.slice(0, 4))),
    factoryShifts(db, factoryId),
  ]);
  const price = await meanPricePerKwh(
    db,
    { factoryId, clock, schedule },
    points.map((point) => point.node.id),
    range,
  );
  const ntdPerKwh = price === null ? null : round(price, 4);
  const findings = findWaste(
    {
      points: points.map((point) => ({
        pointId: point.node.id,
        quarters: quartersFromRollups(point.rows),
      })),
      partsOf: (instant) => clock.localParts(instant),
      dayTypeOf: (date) => schedule.dayTypeOn(date, weekdayOf(date)),
      from: range.from,
      shifts,
    },
    { ntdPerKwh: ntdPerKwh ?? 0, kgCo2PerKwh: factor.kgPerKwh },
  );
  const nodeOf = new Map(points.map((point) => [point.node.id, point.node]));
  return {
    currency: COST_CURRENCY,
    ntdPerKwh,
    kgCo2PerKwh: factor.kgPerKwh,
    findings: findings.map((finding) => ({
      nodeId: finding.pointId,
      chName: nodeOf.get(finding.pointId)?.chName ?? '',
      name: nodeOf.get(finding.pointId)?.name ?? '',
      kind: finding.kind,
      start: clock.formatIso(finding.start),
      end: clock.formatIso(finding.end),
      kwh: round(finding.kwh, 3),
      kwhPerWeek: round(finding.kwhPerWeek, 3),
      costPerWeek: ntdPerKwh === null ? null : roundMoneyOrNull(finding.ntdPerWeek),
      co2KgPerWeek: round(finding.kgCo2PerWeek, 3),
    })),
  };
}
