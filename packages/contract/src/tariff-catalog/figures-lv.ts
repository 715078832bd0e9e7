import type { TableFigures } from './figures.ts';

/**
 * Low-voltage power (低壓電力, contract capacity under 100 kW) of the
 * 2025-10-01 table, T1 第四章 四, p.15–17, as transcribed in the research
 * record (docs/cost-taipower-tables.md, "Low-voltage power"). The per-account
 * charges and the installed-capacity rate are printed once across both
 * season columns; they are recorded for both seasons. Prices include tax.
 */

const REGULAR = { summer: 236.2, nonSummer: 173.2 };
const SATURDAY_OFF_PEAK = { summer: 47.2, nonSummer: 34.6 };
const INSTALLED = { summer: 137.5, nonSummer: 137.5 };

/** T1 p.15: non-time-of-use (非時間電價), no per-account charge. */
const FLAT: TableFigures = {
  basic: {
    regular: REGULAR,
    second: { summer: null, nonSummer: 173.2 },
    saturdayOffPeak: { summer: null, nonSummer: null },
  },
  account: { customerCharge: { demand: null, installed: null }, installedCapacity: INSTALLED },
  flat: { summer: 4.08, nonSummer: 3.87 },
};

/** T1 p.16: two-stage (二段式), 262.50 per account with a demand contract, 105.00 with an installed one. */
const TWO_STAGE: TableFigures = {
  basic: {
    regular: REGULAR,
    second: { summer: null, nonSummer: 173.2 },
    saturdayOffPeak: SATURDAY_OFF_PEAK,
  },
  account: { customerCharge: { demand: 262.5, installed: 105 }, installedCapacity: INSTALLED },
  energy: {
    summer: { peak: 5.54, halfPeak: null, offPeak: 2.27, saturday: 2.76 },
    nonSummer: { peak: 5.39, halfPeak: null, offPeak: 2.15, saturday: 2.65 },
  },
};

/** T1 p.17: three-stage (三段式), a demand contract only, 262.50 per account. */
const THREE_STAGE: TableFigures = {
  basic: {
    regular: REGULAR,
    second: { summer: 173.2, nonSummer: 173.2 },
    saturdayOffPeak: SATURDAY_OFF_PEAK,
  },
  account: { customerCharge: { demand: 262.5, installed: null }, installedCapacity: null },
  energy: {
    summer: { peak: 8.12, halfPeak: 5.02, offPeak: 2.23, saturday: 2.5 },
    nonSummer: { peak: null, halfPeak: 4.86, offPeak: 2.12, saturday: 2.4 },
  },
};

export const LV_TABLE_2025 = {
  'lv-3stage': THREE_STAGE,
  'lv-2stage': TWO_STAGE,
  'lv-2stage-installed': TWO_STAGE,
  'lv-flat': FLAT,
  'lv-flat-installed': FLAT,
} as const;
