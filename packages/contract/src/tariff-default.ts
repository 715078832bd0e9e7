import type { TariffDefinition, TouDay, TouPeriod } from './tariff.ts';

/**
 * The default tariff every factory gets (issue #15, brought to Taipower's
 * current table in issue #24): Taipower's high-voltage three-stage
 * time-of-use tariff with a regular contract (高壓電力三段式時間電價, 經常契約),
 * from the rate table in force since 2025-10-01 (detailed table, chapter 5
 * §4(2), p.27). Every figure below was read in that table; the record with
 * sources is docs/cost-taipower-tables.md. Prices include 5 % business tax, as
 * the table prints them; the industry coefficient (電價調整係數) on the bill is
 * not applied (1.000, the table's own prices).
 */

const r = (from: string, to: string, period: TouPeriod) => ({ from, to, period });
const allDay = (period: TouPeriod) => [r('00:00', '24:00', period)];

// Three-stage has no non-summer peak hours: no slot uses the non-summer `peak`
// rate, which repeats the half-peak one only because every day's rates name
// all three periods.
const SUMMER_RATES = { peak: 9.39, halfPeak: 5.85, offPeak: 2.53 };
const SUMMER_SATURDAY = { peak: 9.39, halfPeak: 2.6, offPeak: 2.53 };
const NON_SUMMER_RATES = { peak: 5.47, halfPeak: 5.47, offPeak: 2.32 };
const NON_SUMMER_SATURDAY = { peak: 5.47, halfPeak: 2.41, offPeak: 2.32 };

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

const NEW_YEAR = ['中華民國開國紀念日', 'Founding Day of the Republic of China'] as const;
const LUNAR_EVE_EVE = ['農曆除夕前一日', "The day before Lunar New Year's Eve"] as const;
const LUNAR_EVE = ['農曆除夕', "Lunar New Year's Eve"] as const;
const LUNAR_NEW_YEAR = ['春節', 'Lunar New Year'] as const;
const PEACE = ['和平紀念日', 'Peace Memorial Day'] as const;
const CHILDREN = ['兒童節', "Children's Day"] as const;
const TOMB_SWEEPING = ['民族掃墓節', 'Tomb Sweeping Day'] as const;
const CHILDREN_AND_TOMB = ['兒童節及民族掃墓節', "Children's Day and Tomb Sweeping Day"] as const;
const LABOUR = ['勞動節', 'Labor Day'] as const;
const DRAGON_BOAT = ['端午節', 'Dragon Boat Festival'] as const;
const TEACHERS = ['教師節', "Teachers' Day"] as const;
const MID_AUTUMN = ['中秋節', 'Mid-Autumn Festival'] as const;
const NATIONAL = ['國慶日', 'National Day'] as const;
const RETROCESSION = ['臺灣光復紀念日', 'Taiwan Retrocession Day'] as const;
const CONSTITUTION = ['行憲紀念日', 'Constitution Day'] as const;

/**
 * The off-peak days (離峰日) of the 2025-10-01 table, 2025–2027, billed as
 * Sundays all day (also on a Saturday): 1/1; from the day before Lunar New
 * Year's Eve to the 5th day of the first lunar month; 2/28; 4/4; Tomb Sweeping
 * Day; 5/1; Dragon Boat; Mid-Autumn; and the days the 2025 holiday law added,
 * 9/28, 10/25 and 12/25, with 10/10. Government make-up holidays (補假) and
 * bridge days are not off-peak days: the table lists only these.
 */
const HOLIDAYS: Array<[date: string, names: readonly [string, string]]> = [
  ['2025-01-01', NEW_YEAR],
  ['2025-01-27', LUNAR_EVE_EVE],
  ['2025-01-28', LUNAR_EVE],
  ['2025-01-29', LUNAR_NEW_YEAR],
  ['2025-01-30', LUNAR_NEW_YEAR],
  ['2025-01-31', LUNAR_NEW_YEAR],
  ['2025-02-01', LUNAR_NEW_YEAR],
  ['2025-02-02', LUNAR_NEW_YEAR],
  ['2025-02-28', PEACE],
  ['2025-04-04', CHILDREN_AND_TOMB],
  ['2025-05-01', LABOUR],
  ['2025-05-31', DRAGON_BOAT],
  ['2025-09-28', TEACHERS],
  ['2025-10-06', MID_AUTUMN],
  ['2025-10-10', NATIONAL],
  ['2025-10-25', RETROCESSION],
  ['2025-12-25', CONSTITUTION],
  ['2026-01-01', NEW_YEAR],
  ['2026-02-15', LUNAR_EVE_EVE],
  ['2026-02-16', LUNAR_EVE],
  ['2026-02-17', LUNAR_NEW_YEAR],
  ['2026-02-18', LUNAR_NEW_YEAR],
  ['2026-02-19', LUNAR_NEW_YEAR],
  ['2026-02-20', LUNAR_NEW_YEAR],
  ['2026-02-21', LUNAR_NEW_YEAR],
  ['2026-02-28', PEACE],
  ['2026-04-04', CHILDREN],
  ['2026-04-05', TOMB_SWEEPING],
  ['2026-05-01', LABOUR],
  ['2026-06-19', DRAGON_BOAT],
  ['2026-09-25', MID_AUTUMN],
  ['2026-09-28', TEACHERS],
  ['2026-10-10', NATIONAL],
  ['2026-10-25', RETROCESSION],
  ['2026-12-25', CONSTITUTION],
  ['2027-01-01', NEW_YEAR],
  ['2027-02-04', LUNAR_EVE_EVE],
  ['2027-02-05', LUNAR_EVE],
  ['2027-02-06', LUNAR_NEW_YEAR],
  ['2027-02-07', LUNAR_NEW_YEAR],
  ['2027-02-08', LUNAR_NEW_YEAR],
  ['2027-02-09', LUNAR_NEW_YEAR],
  ['2027-02-10', LUNAR_NEW_YEAR],
  ['2027-02-28', PEACE],
  ['2027-04-04', CHILDREN],
  ['2027-04-05', TOMB_SWEEPING],
  ['2027-05-01', LABOUR],
  ['2027-06-09', DRAGON_BOAT],
  ['2027-09-15', MID_AUTUMN],
  ['2027-09-28', TEACHERS],
  ['2027-10-10', NATIONAL],
  ['2027-10-25', RETROCESSION],
  ['2027-12-25', CONSTITUTION],
];

export const DEFAULT_TARIFF: TariffDefinition = {
  name: 'Taipower high-voltage three-stage TOU, regular contract (table of 2025-10-01)',
  nameZh: '台電高壓電力三段式時間電價，經常契約（2025-10-01 電價表）',
  currency: 'TWD',
  source:
    'Taipower rate table (detailed), in force from 2025-10-01, chapter 5 §4(2), p.27: https://www.taipower.com.tw/media/xtofy2yw/%E8%A9%B3%E7%B4%B0%E9%9B%BB%E5%83%B9%E8%A1%A8.pdf',
  sourceZh:
    '台灣電力公司電價表（詳細電價表），114年10月1日起實施，第五章 四(二)，第27頁：https://www.taipower.com.tw/media/xtofy2yw/詳細電價表.pdf',
  sourceValidFrom: '2025-10-01',
  note: 'Taipower’s published prices with tax, summer 16 May–15 Oct, off-peak days 2025–2027. Not applied: the industry coefficient printed on the bill. 台電公告電價（含稅），夏月 5/16–10/15，離峰日 2025–2027；未計入電費單上之電價調整係數。',
  seasons: [
    { season: 'summer', from: '05-16', to: '10-15' },
    { season: 'nonSummer', from: '10-16', to: '05-15' },
  ],
  days: DAYS,
  holidays: HOLIDAYS.map(([date, [name, nameEn]]) => ({ date, name, nameEn })),
  basicChargePerKw: { summer: 223.6, nonSummer: 166.9 },
  penaltyTierFraction: 0.1,
  penaltyTier1Multiplier: 2,
  penaltyTier2Multiplier: 3,
  stages: 'threeStage',
  // T1 p.27: half-peak 166.90 all year; Saturday half-peak and off-peak 44.70 / 33.30.
  contractBasicRates: {
    summer: { halfPeak: 166.9, nonSummer: null, saturdayHalfPeak: 44.7, offPeak: 44.7 },
    nonSummer: { halfPeak: 166.9, nonSummer: null, saturdayHalfPeak: 33.3, offPeak: 33.3 },
  },
  // High voltage: no per-account charge, a demand contract, time of use; no industry (×1).
  customerChargePerMonth: 0,
  contractBasis: 'demand',
  timeOfUse: true,
  industry: null,
};

/** The day the default version applies from when a factory gets it: all history. */
export const DEFAULT_TARIFF_VALID_FROM = '2000-01-01';
