import {
  overviewConsumeRatioResponse,
  overviewPowerChartResponse,
  overviewResponse,
} from '@wattboard/contract';
import { envelope } from '@/testing/network';

/** The demo factory's Overview, checked against the contract so a fixture can never drift. */
export const TODAY = '2026-11-21';
const EMAIL = 'demo@wattboard.local';

const node = (id: number, name: string, chName: string, type: string, children: object[] = []) => ({
  id,
  name,
  chName,
  type,
  isVirtual: type === 'virtual',
  children,
});

export const DETECT_LINE = [
  node(7, 'Incoming Supply', '總進線', 'virtual', [
    node(10, 'Production Area', '生產區', 'virtual', [
      node(9, 'Compressor Room Meter', '空壓機房電表', 'smartMeter', [
        node(8, 'Air Compressor 1', '空壓機 1', 'circuit'),
      ]),
    ]),
    node(11, 'Office', '辦公室', 'smartMeter'),
  ]),
];

const period = (kwh: number, changeKwh: number, changePercent: number | null) => ({
  kwh,
  co2: kwh * 0.474,
  reverseKwh: 12,
  co2Saving: 12 * 0.474,
  previousKwh: kwh - changeKwh,
  changeKwh,
  changePercent,
});

const slot = (kwh: number) => ({ averageKW: kwh * 4, level: 'mid', maxKW: kwh * 5, valueKWH: kwh });

export function overviewBody(overrides: Record<string, unknown> = {}) {
  return overviewResponse.parse({
    ...envelope(EMAIL, '/v1/Web/Overview'),
    dtNowFactory: `${TODAY}T14:03:05+08:00`,
    id: 1,
    averagePowerUsage: { day: period(1234.5, 100, 8.8), month: period(30_500, -1500, -4.7) },
    demand: { valueKW: 412.3, monthMaxKW: 655, maxKW: 530.2, contractCapacityKW: 800 },
    detectLine: DETECT_LINE,
    devicePowerInfo: [
      {
        id: 9,
        name: 'Compressor Room Meter',
        chName: '空壓機房電表',
        valueKW: 250.5,
        valueKWH: 800,
        co2KG: 379.2,
        lastReadingTime: `${TODAY}T06:02:00Z`,
      },
      {
        id: 11,
        name: 'Office',
        chName: '辦公室',
        valueKW: null,
        valueKWH: 0,
        co2KG: 0,
        lastReadingTime: null,
      },
    ],
    controls: [
      {
        controlMode: 'IR Control',
        deviceModelName: 'Air conditioner',
        status: 'on',
        channelGroupId: 3,
        groupName: 'Office AC',
        isOn: true,
        details: [
          { channelScheduleId: 5, name: 'AC 1', chName: '冷氣 1', action: 'auto', status: 'on' },
        ],
      },
    ],
    energyDistribution: [{ date: TODAY, values: [slot(10), slot(12), slot(11), slot(9)] }],
    pointRanking: {
      percentageThreshold: 10,
      totalKW: 300,
      rankList: [
        {
          id: 8,
          name: 'Air Compressor 1',
          chName: '空壓機 1',
          valueKW: 270,
          percentage: 90,
          isBigConsumer: true,
        },
        {
          id: 11,
          name: 'Office',
          chName: '辦公室',
          valueKW: 30,
          percentage: 10,
          isBigConsumer: true,
        },
      ],
    },
    powerDiary: [
      {
        status: 'warning',
        kind: 'dayDemandMax',
        time: `${TODAY}T05:45:00Z`,
        description: 'New daily demand maximum 530.2 kW',
        descriptionZh: '今日新最大需量 530.2 kW',
        nodeId: 7,
      },
    ],
    openAlarms: [],
    hasReverseKWH: true,
    ...overrides,
  });
}

const quarter = (index: number) => {
  const minutes = index * 15;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `T${hh}:${mm}:00+08:00`;
};

/** 96 quarter hours of `date`; quarters after 14:00 are still to come (null). */
export function powerChartBody(date: string) {
  const points = (value: (i: number) => number) =>
    Array.from({ length: 96 }, (_, i) => ({
      time: `${date}${quarter(i)}`,
      value: i < 56 ? value(i) : null,
    }));
  const kwh = points((i) => 20 + (i % 8));
  return overviewPowerChartResponse.parse({
    ...envelope(EMAIL, '/v1/Web/Overview/PowerChart'),
    factoryId: 1,
    targetDate: date,
    dtNowFactory: `${TODAY}T14:03:05+08:00`,
    listPowerMaxKW: points((i) => 100 + i),
    listPowerAverageKW: points((i) => 80 + i),
    listPowerUsageKWH: kwh,
    totalKWH: kwh.reduce((sum, point) => sum + (point.value ?? 0), 0),
    contractCapacityKW: 800,
    hasReverseKWH: true,
  });
}

const NAMES: Record<number, [string, string]> = {
  7: ['Incoming Supply', '總進線'],
  8: ['Air Compressor 1', '空壓機 1'],
  9: ['Compressor Room Meter', '空壓機房電表'],
  10: ['Production Area', '生產區'],
  11: ['Office', '辦公室'],
};

/** Each chosen channel uses (id × 10) kWh a day; the root adds 5 kWh unmetered. */
export function consumeRatioBody(request: {
  startDate?: unknown;
  endDate?: unknown;
  channelIdList?: unknown;
}) {
  const ids = (request.channelIdList as number[]) ?? [];
  const start = String(request.startDate);
  const end = String(request.endDate);
  const dates: string[] = [];
  for (
    let day = new Date(`${start}T00:00:00Z`);
    day <= new Date(`${end}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 1)
  ) {
    dates.push(day.toISOString().slice(0, 10));
  }
  const energy = (id: number, days: number) => {
    const [name, chName] = NAMES[id] ?? [`Node ${id}`, `節點 ${id}`];
    return { id, name, chName, kwh: id * 10 * days, co2: id * 10 * days * 0.474 };
  };
  const sum = ids.reduce((total, id) => total + id * 10, 0);
  return overviewConsumeRatioResponse.parse({
    ...envelope(EMAIL, '/v1/Web/Overview/ConsumeRatio'),
    barChartList: dates.map((date) => ({
      date,
      total: { kwh: sum, co2: sum * 0.474 },
      channels: ids.map((id) => energy(id, 1)),
    })),
    pieChartData: {
      root: { ...energy(7, dates.length), kwh: (sum + 5) * dates.length },
      items: ids.map((id) => energy(id, dates.length)),
      remainder: { kwh: 5 * dates.length, co2: 5 * dates.length * 0.474 },
    },
  });
}
