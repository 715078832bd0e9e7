import type { FastifyInstance } from 'fastify';
import {
  BASELINE_LOOKBACK_DAYS,
  BASELINE_RANGE_LIMIT_DAYS,
  monitorBaseline,
  StatusCode,
} from '@wattboard/contract';
import { addDays, weekdayOf } from '@wattboard/zone-time';
import { registerFactoryCall } from '../auth/index.ts';
import { tariffSchedule } from '../cost/index.ts';
import {
  findFactoryNode,
  fitsWithinDays,
  offGridProblem,
  resolveTimeRange,
} from '../monitor/index.ts';
import { deviceNotFoundMessage } from '../../platform/http/not-found-messages.ts';
import { dayProfiles, measuredQuarters } from './calc/baseline.ts';
import { quarterRollups } from './repo/quarter-rollups.ts';
import { baselineSeries, quarterStarts } from './calc/baseline-series.ts';

/**
 * POST /v1/Web/Monitor/Device/Baseline (issue #27, docs/baseline.md): a
 * point's typical day for each day of a range, beside its measured power.
 * Read from the 15-minute rollups of the range and the days before it.
 */
export async function baselineRoutes(app: FastifyInstance) {
  registerFactoryCall(app, monitorBaseline, async ({ body, factoryId, clock, ok, fail }) => {
    const node = await findFactoryNode(app.db, factoryId, body.deviceId);
    if (!node) return fail(StatusCode.IoTDeviceNotFound, deviceNotFoundMessage(body.deviceId));
    const range = resolveTimeRange(body.timeRange, clock);
    if (range.to <= range.from) return fail(StatusCode.Fail, 'timeRange: end must be after start.');
    const problem =
      offGridProblem(range, 'timeRange') ??
      (fitsWithinDays(range, BASELINE_RANGE_LIMIT_DAYS)
        ? null
        : `timeRange: a typical day is shown for at most ${BASELINE_RANGE_LIMIT_DAYS} days.`);
    if (problem) return fail(StatusCode.Fail, problem);

    const firstDay = clock.localParts(range.from).date;
    const historyFrom = clock.startOfDay(addDays(firstDay, -BASELINE_LOOKBACK_DAYS));
    const [rows, schedule] = await Promise.all([
      quarterRollups(app.db, factoryId, node.id, { from: historyFrom, to: range.to }),
      tariffSchedule(app.db, factoryId),
    ]);
    const partsOf = (instant: number) => clock.localParts(instant);
    return {
      ...ok,
      ...baselineSeries({
        quarters: quarterStarts(range.from, range.to),
        partsOf,
        dayTypeOf: (date) => schedule.dayTypeOn(date, weekdayOf(date)),
        profiles: dayProfiles(measuredQuarters(rows), partsOf),
        formatTime: (instant) => clock.formatIso(instant),
      }),
    };
  });
}
