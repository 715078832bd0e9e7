import { envelope } from '@/testing/network';

/** Answers as the server sends them (contract-valid), for the page's component tests. */
const EMAIL = 'demo@wattboard.local';
const phase = (voltage: number, current: number, valueKw: number) => ({
  voltage,
  current,
  valueKw,
  pf: 0.95,
  temperature: 36.5,
});

export const meterChannel = {
  id: 9,
  chName: '一號電表',
  name: 'Meter 1',
  breakerType: '3P 225A',
  frequencyHz: 60.02,
  isVirtual: false,
  hasReverseKWH: false,
  positiveKWH: 1520.5,
  reverseKWH: 0,
  valueKWH: 1520.5,
  co2KG: 720.72,
  demand: { valueKw: 42.1, monthMaxKw: '55.3', maxKw: 48 },
  channels: { a: phase(221.3, 61.2, 12.9), b: phase(220.8, 70.4, 14.8), c: phase(222.1, 52.3, 11) },
  balance: { valueKw: 38.7, level: { a: 'mid', b: 'high', c: 'low' } },
};

export const solarChannel = {
  id: 15,
  chName: '太陽能',
  name: 'Solar inverter',
  breakerType: null,
  frequencyHz: null,
  isVirtual: false,
  hasReverseKWH: true,
  positiveKWH: 2.5,
  reverseKWH: 96.25,
  valueKWH: -93.75,
  co2KG: 1.19,
  demand: { valueKw: null, monthMaxKw: null, maxKw: null },
  channels: { value: { voltage: 230.1, current: 40.2, valueKw: -9.1 } },
  balance: null,
};

const quarter = (i: number) => ({
  averageKW: 30 + (i % 8),
  level: i >= 32 && i < 88 ? 'high' : i < 24 ? 'low' : 'mid',
  maxKW: 40 + (i % 8),
  valueKWH: (30 + (i % 8)) / 4,
});

export function deviceBody(overrides: Record<string, unknown> = {}) {
  return {
    ...envelope(EMAIL, '/v1/Web/Monitor/Device'),
    deviceid: 9,
    description: 'Meter 1',
    channelList: [meterChannel, solarChannel],
    energyDistribution: [
      { date: '2026-11-21', values: Array.from({ length: 96 }, (_, i) => quarter(i)) },
    ],
    ...overrides,
  };
}

const point = (minute: number, value: number | null) => ({
  time: `2026-11-21T08:${String(minute).padStart(2, '0')}:00+08:00`,
  value,
});

export function powerDetailBody(overrides: Record<string, unknown> = {}) {
  return {
    ...envelope(EMAIL, '/v1/Web/Monitor/Device/Power/Detail'),
    energyChart: {
      useKwh: { value: 310.2, co2: 147.03 },
      maxKwh: 14.1,
      peakKwh: 9.6,
      peakKw: 38.4,
      hasReverseKWH: false,
      kwhChart: [point(0, 3.2), point(5, 3.6), point(10, null)],
      avgKwChart: [point(0, 38.4), point(5, 43.2), point(10, null)],
      maxKwChart: [point(0, 44), point(5, 51.75), point(10, null)],
      ...overrides,
    },
  };
}

/** A weekday's typical day made of 8 earlier weekdays: 30 kW at 08:00, 32 at 08:15 (docs/baseline.md). */
export function baselineBody(overrides: Record<string, unknown> = {}) {
  const quarter = (minute: number, value: number | null) => ({
    time: `2026-11-21T08:${String(minute).padStart(2, '0')}:00+08:00`,
    value,
  });
  return {
    ...envelope(EMAIL, '/v1/Web/Monitor/Device/Baseline'),
    baselineKw: [quarter(0, 30), quarter(15, 32)],
    days: [
      {
        date: '2026-11-21',
        dayType: 'weekday',
        basedOn: [
          '2026-11-20',
          '2026-11-19',
          '2026-11-18',
          '2026-11-17',
          '2026-11-14',
          '2026-11-13',
          '2026-11-12',
          '2026-11-11',
        ],
      },
    ],
    ...overrides,
  };
}

export function consumptionBody(overrides: Record<string, unknown> = {}) {
  return {
    ...envelope(EMAIL, '/v1/Web/Monitor/Device/ConsumptionQuery'),
    totalConsumed: '812.5',
    totalCo2: 385.13,
    dailyAverage: 135.4,
    dailyCo2: 64.18,
    ...overrides,
  };
}

const alarm = (target: string, dataUnit: string, data: number | string | null, overrides = {}) => ({
  isActivated: false,
  target,
  data,
  dataUnit,
  threshold: { low: null, high: null },
  alertStatus: 'normal',
  lastHappenedTime: null,
  ...overrides,
});

/** Meter 1's alarm settings: voltage watched and in range, current in alarm, PF unwatched. */
export function alarmListBody(list?: unknown[]) {
  return {
    ...envelope(EMAIL, '/v1/Web/Setting/Alarm/List'),
    list: list ?? [
      alarm('voltage', 'V', 221.3, { isActivated: true, threshold: { low: 200, high: '240' } }),
      alarm('current', 'A', '70.4', {
        isActivated: true,
        threshold: { low: null, high: 65 },
        alertStatus: 'alarm',
        lastHappenedTime: '2026-11-21T05:58:00Z',
      }),
      alarm('pf', '', 0.95),
    ],
  };
}

export function alarmUpdateBody() {
  return { ...envelope(EMAIL, '/v1/Web/Setting/Alarm/Update'), message: 'Alarm settings updated' };
}

export const notFoundBody = (action: string) => ({
  ...envelope(EMAIL, action),
  statusCode: 1009,
  message: 'Monitoring point not found',
});
