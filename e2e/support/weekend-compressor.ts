/**
 * A labelled case of waste for the E2E (issue #27): a spare air compressor on
 * its own meter, idle at 0.5 kW for five weeks, left running at full load from
 * the last report week's Saturday 17:00 to its Monday 00:00. Saturday evening
 * and Sunday are off hours whatever the calendar says (a make-up working
 * Saturday ends by 17:00), so the expected finding is known by hand:
 * 31 h × (30 − 0.5) kW = 914.5 kWh above the point's usual draw.
 */
const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const DAY = 24 * 60 * MINUTE;
/** Asia/Taipei, the demo factory's zone: +08:00 all year. */
const ZONE_OFFSET = 8 * 60 * MINUTE;

export const COMPRESSOR = {
  serial: 'WB-E2E-AC9',
  name: 'Spare compressor E2E',
  chName: '備用空壓機 E2E',
  idleKw: 0.5,
  runningKw: 30,
  /** 124 quarters at 29.5 kW above the usual draw. */
  expectedKwh: 31 * (30 - 0.5),
} as const;

/** A local date's midnight as an instant. */
function midnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - ZONE_OFFSET;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The local time of day a scheduled report is due (the contract's SCHEDULED_REPORT_TIME). */
const REPORT_DUE_MS = 8 * 60 * MINUTE;

/**
 * The week a weekly report sent now covers: the Monday-to-Sunday before the
 * latest Monday 08:00 (its due time), so on a Monday before 08:00 the week before last.
 */
export function lastReportWeek(now: Date): { from: string; to: string; monday: string } {
  const today = new Date(now.getTime() + ZONE_OFFSET - REPORT_DUE_MS).toISOString().slice(0, 10);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  const monday = addDays(today, -((weekday + 6) % 7));
  return { from: addDays(monday, -7), to: addDays(monday, -1), monday };
}

/** The injected run's first quarter: the report week's Saturday, 17:00 factory time. */
export function injectedFrom(week: { monday: string }): number {
  return midnight(addDays(week.monday, -2)) + 17 * 60 * MINUTE;
}

/**
 * The meter's readings, one per quarter hour from five weeks before the
 * report week's end until now: a kWh counter and each phase's kW, as a
 * three-phase meter reports them. The quarter starting at `t` draws the
 * running load when it lies in the injected run.
 */
export function compressorReadings(now: Date): unknown[] {
  const week = lastReportWeek(now);
  const runFrom = injectedFrom(week);
  const runTo = midnight(week.monday);
  const first = midnight(addDays(week.monday, -35));
  const last = Math.floor(now.getTime() / QUARTER) * QUARTER;
  const readings: unknown[] = [];
  let kwh = 1000;
  for (let t = first; t <= last; t += QUARTER) {
    const kw = t >= runFrom && t < runTo ? COMPRESSOR.runningKw : COMPRESSOR.idleKw;
    const phase = {
      voltage: 220,
      current: Number(((kw * 1000) / 3 / 220 / 0.9).toFixed(3)),
      kw: kw / 3,
      pf: 0.9,
    };
    readings.push({
      serial: COMPRESSOR.serial,
      ts: new Date(t).toISOString(),
      phases: { a: phase, b: phase, c: phase },
      kwhForward: Number(kwh.toFixed(3)),
      kwhReverse: 0,
      frequency: 60,
    });
    kwh += kw * 0.25;
  }
  return readings;
}
