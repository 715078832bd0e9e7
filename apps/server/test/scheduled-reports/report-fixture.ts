/**
 * A factory for the scheduled-report tests: Asia/Taipei, CO2 0.5 kg/kWh, one
 * smart meter "Main" at the top (the root) with circuits C1 (½ of Main) and
 * C2 (¼ of Main). Readings every 15 minutes from 09:00 to 11:00 local on some
 * days, on quarter boundaries, so each interval's energy is one quarter's.
 * Counters hold between days, so gaps carry no energy.
 *
 * Hand-computed for a period of days d0…d6 (Main, per 15-minute interval):
 *   d0: 1 kWh × 8 = 8       d1: 2 × 8 = 16
 *   d2: 3 × 7 + 12 (the 10:00 quarter: 48 kW) = 33
 *   d3–d5: no readings, counters still = 0  d6: 7 × 8 = 56
 *   total 113 kWh, CO2 56.5 kg, peak 48 kW at d2 10:00
 *   previous period: 10 kWh × 8 on its 4th day = 80 → change +33 kWh, +41.25 %
 *   C1 = 56.5 kWh (50 %), C2 = 28.25 kWh (25 %)
 *   the tariff: the default's seasons and hours with every rate NT$3/kWh, so
 *   cost = 3 × kWh: 24, 48, 99, 0, 0, 0, 168 → NT$339
 */
import { DEFAULT_TARIFF } from '@wattboard/contract';
import type { Db } from '../../src/platform/db/db.ts';
import { addDays, ZoneClock, QUARTER_MS } from '@wattboard/zone-time';
import type { NormalizedReading } from '../../src/modules/rollups/normalized-reading.ts';
import { storeReadings } from '../../src/modules/rollups/store-readings.ts';
import { saveTariffVersion } from '../../src/modules/cost/repo/tariff-store.ts';
import type { LocalPeriod } from '../../src/modules/scheduled-reports/schedule.ts';
import { createFactory, createNode, type TestFactory } from '../monitor/monitor-app.ts';

export const REPORT_ZONE = 'Asia/Taipei';
export const REPORT_CO2 = 0.5;
export const REPORT_RATE = 3;

export const EXPECTED = {
  kwh: 113,
  co2: 56.5,
  cost: 339,
  peakKw: 48,
  previousKwh: 80,
  changeKwh: 33,
  changePercent: 41.25,
  /** kWh and peak kW per day d0…d6. */
  days: [
    [8, 4],
    [16, 8],
    [33, 48],
    // The counters hold still from d2 11:00 to d6 09:00: zero-energy rollups, peak 0.
    [0, 0],
    [0, 0],
    [0, 0],
    [56, 28],
  ] as const,
  consumers: [
    ['C1', 'C1 中', 56.5, 50],
    ['C2', 'C2 中', 28.25, 25],
  ] as const,
};

export interface ReportPlant extends TestFactory {
  main: number;
  c1: number;
  c2: number;
}

/** A new factory whose one user is its Admin, the plant, and the readings. */
export async function seedReportPlant(
  db: Db,
  slug: string,
  period: LocalPeriod,
  previous: LocalPeriod,
): Promise<ReportPlant> {
  const factory = await createFactory(db, slug, REPORT_ZONE, REPORT_CO2);
  const { factoryId } = factory;
  await db.query(`UPDATE users SET username = 'Admin' WHERE factory_id = $1`, [factoryId]);
  const flat = { peak: REPORT_RATE, halfPeak: REPORT_RATE, offPeak: REPORT_RATE };
  await saveTariffVersion(
    db,
    factoryId,
    '2000-01-01',
    { ...DEFAULT_TARIFF, days: DEFAULT_TARIFF.days.map((day) => ({ ...day, rates: flat })) },
    null,
  );
  const node = (parentId: number | null, type: 'smartMeter' | 'circuit', name: string) =>
    createNode(db, factoryId, {
      parentId,
      type,
      name,
      chName: `${name} 中`,
      wiring: 'value',
      serial: `report-${factoryId}-${name}`,
    });
  const main = await node(null, 'smartMeter', 'Main');
  const c1 = await node(main, 'circuit', 'C1');
  const c2 = await node(main, 'circuit', 'C2');

  const clock = new ZoneClock(REPORT_ZONE);
  const counters = { main: 1000, c1: 500, c2: 200 };
  const readings: NormalizedReading[] = [];
  const day = (date: string, energyAt: (quarter: number) => number) => {
    const nine = clock.startOfDay(date) + 9 * 4 * QUARTER_MS;
    for (let q = 0; q <= 8; q++) {
      const ts = nine + q * QUARTER_MS;
      const e = q < 8 ? energyAt(q) : 0;
      for (const [id, key, share] of [
        [main, 'main', 1],
        [c1, 'c1', 0.5],
        [c2, 'c2', 0.25],
      ] as const) {
        readings.push({
          nodeId: id,
          ts: new Date(ts),
          phases: {},
          kw: e * 4 * share,
          kwhForward: counters[key],
          kwhReverse: null,
          frequency: 60,
          temperature: 30,
        });
        counters[key] += e * share;
      }
    }
  };
  day(addDays(previous.from, 3), () => 10);
  day(period.from, () => 1);
  day(addDays(period.from, 1), () => 2);
  day(addDays(period.from, 2), (q) => (q === 4 ? 12 : 3)); // q 4 = the 10:00 quarter
  day(addDays(period.from, 6), () => 7);
  // The app's rollup worker brings the rollups up to date behind the store: wait for it.
  await (
    await storeReadings(db, factoryId, readings)
  ).rollupsSettled;
  return { ...factory, main, c1, c2 };
}

/** The base64 body of the .xlsx part of a raw RFC 822 message (nodemailer's layout). */
export function xlsxAttachment(message: string): { fileName: string; content: Buffer } {
  const raw = message.replace(/\r\n[ \t]+/g, ' '); // unfold the part headers
  const match =
    /Content-Type: application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet;[^]*?filename=("?)([^"\r\n]+)\1[^]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(
      raw,
    );
  if (!match) {
    const lines = raw.split('\r\n').filter((line) => !/^[A-Za-z0-9+/=]{40,}$/.test(line));
    throw new Error(`no .xlsx attachment in the message:\n${lines.slice(-30).join('\n')}`);
  }
  return { fileName: match[2]!, content: Buffer.from(match[3]!.replace(/\r\n/g, ''), 'base64') };
}
