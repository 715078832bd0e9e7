import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorBaselineResponse, StatusCode } from '@wattboard/contract';
import { addDays, weekdayOf } from '@wattboard/zone-time';
import { storeReadings, type NormalizedReading } from '../../src/modules/rollups/store-readings.ts';
import { backends } from '../helpers/backends.ts';
import {
  call,
  createFactory,
  createNode,
  signIn,
  startMonitorApp,
  type MonitorTestApp,
  type Session,
} from '../monitor/monitor-app.ts';

const BASELINE = '/v1/Web/Monitor/Device/Baseline';
const OFFSET = 8 * 3_600_000;
const local = (date: string, minute = 0) => Date.parse(`${date}T00:00Z`) - OFFSET + minute * 60_000;

/**
 * A meter in Asia/Taipei read every 15 minutes from Mon 2026-11-02 to Sat
 * 2026-11-21: weekdays 10 kW from 08:00 to 18:00 and 2 kW otherwise,
 * Saturdays 5 kW in those hours, Sundays 2 kW all day. Wednesday 11-11 ran at
 * 50 kW all day (one odd day); Thursday 11-12 has readings until 06:00 only.
 */
function kwAt(date: string, minute: number): number | null {
  if (date === '2026-11-12' && minute >= 360) return null;
  if (date === '2026-11-11') return 50;
  const weekday = weekdayOf(date);
  const working = minute >= 480 && minute < 1080;
  if (weekday === 0) return 2;
  if (weekday === 6) return working ? 5 : 2;
  return working ? 10 : 2;
}

function readings(nodeId: number): NormalizedReading[] {
  const out: NormalizedReading[] = [];
  let counter = 1000;
  for (let date = '2026-11-02'; date <= '2026-11-21'; date = addDays(date, 1)) {
    for (let minute = 0; minute < 1440; minute += 15) {
      const kw = kwAt(date, minute);
      if (kw === null) continue;
      // The reading that opens a quarter carries the counter at its start; the next one's step is the quarter's energy.
      out.push({
        nodeId,
        ts: new Date(local(date, minute)),
        phases: {
          a: { voltage: 220, current: 10, kw: kw / 3, pf: 0.95 },
          b: { voltage: 220, current: 10, kw: kw / 3, pf: 0.95 },
          c: { voltage: 220, current: 10, kw: kw / 3, pf: 0.95 },
        },
        kw,
        kwhForward: counter,
        kwhReverse: null,
        frequency: 60,
        temperature: 30,
      });
      counter += kw / 4;
    }
  }
  return out;
}

describe.each(backends)('a point’s typical day on %s', (backend) => {
  let t: MonitorTestApp;
  let session: Session;
  let meterId: number;
  const baseline = (body: object) => call(t.app, session, BASELINE, { factoryId: 0, ...body });

  beforeAll(async () => {
    t = await startMonitorApp(backend, new Date('2026-11-22T04:00:00Z'));
    const factory = await createFactory(t.db, 'typical', 'Asia/Taipei', 0.5);
    meterId = await createNode(t.db, factory.factoryId, {
      parentId: null,
      type: 'smartMeter',
      name: 'Line',
      chName: '產線',
      wiring: 'a,b,c',
      serial: 'TYP-1',
    });
    await storeReadings(t.db, factory.factoryId, readings(meterId));
    session = await signIn(t.app, factory);
  });
  afterAll(() => t.close());

  it('is the median of the eight latest full weekdays, quarter by quarter', async () => {
    const response = await baseline({
      deviceId: meterId,
      timeRange: { start: '2026-11-20', end: '2026-11-20' },
    });
    const body = monitorBaselineResponse.parse(response.json());
    expect(body.days).toEqual([
      {
        date: '2026-11-20',
        dayType: 'weekday',
        // 11-12 had readings for a quarter of its day only: left out.
        basedOn: [
          '2026-11-19',
          '2026-11-18',
          '2026-11-17',
          '2026-11-16',
          '2026-11-13',
          '2026-11-11',
          '2026-11-10',
          '2026-11-09',
        ],
      },
    ]);
    expect(body.baselineKw).toHaveLength(96);
    expect(body.baselineKw[0]).toEqual({ time: '2026-11-20T00:00:00+08:00', value: 2 });
    // The 50 kW Wednesday does not move the median.
    expect(body.baselineKw[32]).toEqual({ time: '2026-11-20T08:00:00+08:00', value: 10 });
    expect(body.baselineKw[71]!.value).toBe(10);
    expect(body.baselineKw[72]!.value).toBe(2);
  });

  it('gives a Saturday the Saturdays before it, and each day of a range its own', async () => {
    const body = monitorBaselineResponse.parse(
      (
        await baseline({
          deviceId: meterId,
          timeRange: { start: '2026-11-21', end: '2026-11-22' },
        })
      ).json(),
    );
    expect(body.days.map((day) => [day.date, day.dayType, day.basedOn])).toEqual([
      ['2026-11-21', 'saturday', ['2026-11-14', '2026-11-07']],
      ['2026-11-22', 'sundayHoliday', ['2026-11-15', '2026-11-08']],
    ]);
    expect(body.baselineKw[40]!.value).toBe(5);
    expect(body.baselineKw[96 + 40]!.value).toBe(2);
  });

  it('refuses another factory’s point, a range off the quarter grid and one too long', async () => {
    expect(
      (
        await baseline({ deviceId: 999_999, timeRange: { start: '2026-11-20', end: '2026-11-20' } })
      ).json().statusCode,
    ).toBe(StatusCode.IoTDeviceNotFound);
    const offGrid = await baseline({
      deviceId: meterId,
      timeRange: { start: '2026-11-20T08:05', end: '2026-11-20T09:00' },
    });
    expect(offGrid.json()).toMatchObject({ statusCode: StatusCode.Fail });
    expect(offGrid.json().message).toMatch(/^timeRange/);
    const long = await baseline({
      deviceId: meterId,
      timeRange: { start: '2026-10-01', end: '2026-11-20' },
    });
    expect(long.json()).toMatchObject({
      statusCode: StatusCode.Fail,
      message: 'timeRange: a typical day is shown for at most 31 days.',
    });
  });
});
