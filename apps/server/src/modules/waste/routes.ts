import type { FastifyInstance } from 'fastify';
import {
  BASELINE_LOOKBACK_DAYS,
  COST_CURRENCY,
  wasteFindings,
  type WasteFindingsResponse,
} from '@wattboard/contract';
import { addDays, weekdayOf } from '@wattboard/zone-time';
import { registerFactoryCall } from '../auth/index.ts';
import { appliedFactorOfYear } from '../carbon/index.ts';
import { roundMoneyOrNull, tariffSchedule } from '../cost/index.ts';
import { findWaste, quartersFromRollups } from './find-waste.ts';
import { activePointRollups } from './repo/point-rollups.ts';
import { meanPricePerKwh } from './repo/range-price.ts';

const round = (value: number, places: number) => {
  const scale = 10 ** places;
  const rounded = Math.round(value * scale) / scale;
  return rounded === 0 ? 0 : rounded;
};

/**
 * POST /v1/Web/Waste/Findings (issue #27, docs/waste.md): the factory's waste
 * over local days startDate..endDate, ranked by kWh per week. Reads every
 * active point's 15-minute rollups of the range and the typical day's
 * look-back before it; prices at the tariff's mean price over the range and
 * the emission factor of endDate's year. Working hours are the demo
 * factory's (DEMO_SHIFTS) until Admin has shifts.
 */
export async function wasteRoutes(app: FastifyInstance) {
  registerFactoryCall(app, wasteFindings, async ({ body, factoryId, clock, ok }) => {
    const range = {
      from: clock.startOfDay(body.startDate),
      to: clock.startOfDay(addDays(body.endDate, 1)),
    };
    const historyFrom = clock.startOfDay(addDays(body.startDate, -BASELINE_LOOKBACK_DAYS));
    const [points, schedule, factor] = await Promise.all([
      activePointRollups(app.db, factoryId, { from: historyFrom, to: range.to }),
      tariffSchedule(app.db, factoryId),
      appliedFactorOfYear(app.db, factoryId, Number(body.endDate.slice(0, 4))),
    ]);
    const price = await meanPricePerKwh(
      app.db,
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
      },
      { ntdPerKwh: ntdPerKwh ?? 0, kgCo2PerKwh: factor.kgPerKwh },
    );
    const nodeOf = new Map(points.map((point) => [point.node.id, point.node]));
    const answer: Omit<WasteFindingsResponse, keyof typeof ok> = {
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
    return { ...ok, ...answer };
  });
}
