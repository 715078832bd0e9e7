import type { TariffDefinition, TouDay, TouPeriod } from './tariff.ts';

/**
 * The default tariff every factory gets (issue #15): a MODEL of Taipower's
 * published high-voltage three-stage time-of-use tariff (高壓電力三段式時間電價,
 * 經常契約), to be checked against the factory's own contract and Taipower's
 * current rate table before the figures are relied on.
 */

const r = (from: string, to: string, period: TouPeriod) => ({ from, to, period });
const allDay = (period: TouPeriod) => [r('00:00', '24:00', period)];

const SUMMER_RATES = { peak: 8.05, halfPeak: 5.02, offPeak: 2.18 };
const SUMMER_SATURDAY = { peak: 8.05, halfPeak: 2.28, offPeak: 2.18 };
const NON_SUMMER_RATES = { peak: 4.78, halfPeak: 4.78, offPeak: 2.02 };
const NON_SUMMER_SATURDAY = { peak: 4.78, halfPeak: 2.12, offPeak: 2.02 };

/** Non-summer weekdays and Saturdays share the hours (off-peak at night and at midday). */
const nonSummerHours = (half: TouPeriod) => [
  r('00:00', '06:00', 'offPeak'),
  r('06:00', '11:00', half),
  r('11:00', '14:00', 'offPeak'),
  r('14:00', '24:00', half),
];

const DAYS: TouDay[] = [
  {
    season: 'summer',
    dayType: 'weekday',
    ranges: [
      r('00:00', '09:00', 'offPeak'),
      r('09:00', '16:00', 'halfPeak'),
      r('16:00', '22:00', 'peak'),
      r('22:00', '24:00', 'halfPeak'),
    ],
    rates: SUMMER_RATES,
  },
  {
    season: 'summer',
    dayType: 'saturday',
    ranges: [r('00:00', '09:00', 'offPeak'), r('09:00', '24:00', 'halfPeak')],
    rates: SUMMER_SATURDAY,
  },
  { season: 'summer', dayType: 'sundayHoliday', ranges: allDay('offPeak'), rates: SUMMER_RATES },
  {
    season: 'nonSummer',
    dayType: 'weekday',
    ranges: nonSummerHours('halfPeak'),
    rates: NON_SUMMER_RATES,
  },
  {
    season: 'nonSummer',
    dayType: 'saturday',
    ranges: nonSummerHours('halfPeak'),
    rates: NON_SUMMER_SATURDAY,
  },
  {
    season: 'nonSummer',
    dayType: 'sundayHoliday',
    ranges: allDay('offPeak'),
    rates: NON_SUMMER_RATES,
  },
];

/** Taiwan's national holidays billed as off-peak days (離峰日), 2025–2027. */
const HOLIDAYS: Array<[date: string, name: string, nameEn: string]> = [
  ['2025-01-01', '中華民國開國紀念日', 'Founding Day of the Republic of China'],
  ['2025-01-28', '農曆除夕', "Lunar New Year's Eve"],
  ['2025-01-29', '春節', 'Lunar New Year'],
  ['2025-01-30', '春節', 'Lunar New Year'],
  ['2025-01-31', '春節', 'Lunar New Year'],
  ['2025-02-28', '和平紀念日', 'Peace Memorial Day'],
  ['2025-04-04', '兒童節及民族掃墓節', "Children's Day and Tomb Sweeping Day"],
  ['2025-05-01', '勞動節', 'Labor Day'],
  ['2025-05-31', '端午節', 'Dragon Boat Festival'],
  ['2025-10-06', '中秋節', 'Mid-Autumn Festival'],
  ['2025-10-10', '國慶日', 'National Day'],
  ['2026-01-01', '中華民國開國紀念日', 'Founding Day of the Republic of China'],
  ['2026-02-16', '農曆除夕', "Lunar New Year's Eve"],
  ['2026-02-17', '春節', 'Lunar New Year'],
  ['2026-02-18', '春節', 'Lunar New Year'],
  ['2026-02-19', '春節', 'Lunar New Year'],
  ['2026-02-28', '和平紀念日', 'Peace Memorial Day'],
  ['2026-04-04', '兒童節', "Children's Day"],
  ['2026-04-05', '民族掃墓節', 'Tomb Sweeping Day'],
  ['2026-05-01', '勞動節', 'Labor Day'],
  ['2026-06-19', '端午節', 'Dragon Boat Festival'],
  ['2026-09-25', '中秋節', 'Mid-Autumn Festival'],
  ['2026-10-10', '國慶日', 'National Day'],
  ['2027-01-01', '中華民國開國紀念日', 'Founding Day of the Republic of China'],
  ['2027-02-05', '農曆除夕', "Lunar New Year's Eve"],
  ['2027-02-06', '春節', 'Lunar New Year'],
  ['2027-02-07', '春節', 'Lunar New Year'],
  ['2027-02-08', '春節', 'Lunar New Year'],
  ['2027-02-28', '和平紀念日', 'Peace Memorial Day'],
  ['2027-04-04', '兒童節', "Children's Day"],
  ['2027-04-05', '民族掃墓節', 'Tomb Sweeping Day'],
  ['2027-05-01', '勞動節', 'Labor Day'],
  ['2027-06-09', '端午節', 'Dragon Boat Festival'],
  ['2027-09-15', '中秋節', 'Mid-Autumn Festival'],
  ['2027-10-10', '國慶日', 'National Day'],
];

export const DEFAULT_TARIFF: TariffDefinition = {
  name: 'Taipower high-voltage three-stage TOU (model)',
  nameZh: '台電高壓電力三段式時間電價（模型）',
  currency: 'TWD',
  source:
    'Taipower rate table, high-voltage power, three-stage time-of-use, regular contract: https://www.taipower.com.tw/tc/page.aspx?mid=238',
  sourceZh:
    '台灣電力公司電價表，高壓電力三段式時間電價，經常契約：https://www.taipower.com.tw/tc/page.aspx?mid=238',
  sourceValidFrom: '2024-04-01',
  note: 'A model of the published rates (hours as revised 2023-01-01; summer 16 May–15 Oct for high voltage; rates modelled on the 2024-04-01 table; holidays 2025–2027). Check every figure against the factory’s own contract and the current Taipower table before relying on it. 依台電公告電價建立之模型，請以貴廠契約及台電最新電價表核對。',
  seasons: [
    { season: 'summer', from: '05-16', to: '10-15' },
    { season: 'nonSummer', from: '10-16', to: '05-15' },
  ],
  days: DAYS,
  holidays: HOLIDAYS.map(([date, name, nameEn]) => ({ date, name, nameEn })),
  basicChargePerKw: { summer: 223.6, nonSummer: 166.9 },
  penaltyTierFraction: 0.1,
  penaltyTier1Multiplier: 2,
  penaltyTier2Multiplier: 3,
};

/** The day the default version applies from when a factory gets it: all history. */
export const DEFAULT_TARIFF_VALID_FROM = '2000-01-01';
