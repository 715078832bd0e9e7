/**
 * The typical days the detector needs, kept in memory: a day's typical kW
 * depends only on earlier days, so it is made once per point and day (70
 * days of rollups read once) instead of at every look. Only today's and
 * yesterday's are kept; a change to the tariff calendar or imported history
 * is seen from the next day on.
 */
import { BASELINE_LOOKBACK_DAYS } from '@wattboard/contract';
import { addDays, weekdayOf, type ZoneClock } from '@wattboard/zone-time';
import type { Queryable } from '../../platform/db/db.ts';
import { quarterRollups, type DayProfile } from '../baseline/index.ts';
import { tariffSchedule } from '../cost/index.ts';
import { typicalDayOf } from './calc/typical-day.ts';

export class TypicalDays {
  private readonly days = new Map<string, DayProfile>();

  /** The point's typical day for each local date (made when missing). */
  async profiles(
    db: Queryable,
    point: { factoryId: number; nodeId: number },
    clock: ZoneClock,
    dates: readonly string[],
  ): Promise<Map<string, DayProfile>> {
    const found = new Map<string, DayProfile>();
    let schedule: Awaited<ReturnType<typeof tariffSchedule>> | null = null;
    for (const date of dates) {
      const key = `${point.factoryId}:${point.nodeId}:${date}`;
      let profile = this.days.get(key);
      if (!profile) {
        schedule ??= await tariffSchedule(db, point.factoryId);
        const tariff = schedule;
        const rows = await quarterRollups(db, point.factoryId, point.nodeId, {
          from: clock.startOfDay(addDays(date, -BASELINE_LOOKBACK_DAYS)),
          to: clock.startOfDay(date),
        });
        profile = typicalDayOf(
          date,
          rows,
          (instant) => clock.localParts(instant),
          (day) => tariff.dayTypeOn(day, weekdayOf(day)),
        );
        this.days.set(key, profile);
      }
      found.set(date, profile);
    }
    return found;
  }

  /** Forgets the days before `oldestDate` (keys end with the date). */
  forgetBefore(oldestDate: string): void {
    for (const key of this.days.keys()) {
      if (key.slice(key.lastIndexOf(':') + 1) < oldestDate) this.days.delete(key);
    }
  }
}
