import { LV_TABLE_2025 } from './figures-lv.ts';
import type { TaipowerKind } from './kinds.ts';

/**
 * The figures of each catalog entry, transcribed from the research record
 * docs/cost-taipower-tables.md (data: docs/cost-taipower-tables.json, not
 * shipped). Prices include 5 % business tax, as the tables print them.
 * Basic charges are TWD per kW of contract capacity per month, energy TWD
 * per kWh. Every figure here is in the research; none is derived.
 */

/** A figure per season; null where the table prints "—". */
export interface BySeason<T = number> {
  summer: T;
  nonSummer: T;
}

export interface TableFigures {
  basic: {
    /** Regular contract (經常契約). */
    regular: BySeason;
    /** Three-stage: half-peak contract (半尖峰契約); two-stage: non-summer contract (非夏月契約). */
    second: BySeason<number | null>;
    /**
     * Saturday half-peak and off-peak contracts (週六半尖峰契約, 離峰契約): one
     * figure in every table; null where the table has no such contract (non-TOU).
     */
    saturdayOffPeak: BySeason<number | null>;
  };
  /** Low voltage (figures-lv.ts): the per-account charges and the installed-capacity rate. */
  account?: AccountFigures;
  /** Non-time-of-use (非時間電價): the one energy rate of each season; `energy` then is absent. */
  flat?: BySeason;
  /**
   * Energy per season: Monday–Friday `peak`, `halfPeak` (three-stage only;
   * none in non-summer three-stage's peak) and `offPeak`; `saturday` is the
   * Saturday half-peak. Saturday off-peak and Sundays and off-peak days are
   * the Monday–Friday off-peak figure in every table (T1 p.26–27).
   */
  energy?: BySeason<{
    peak: number | null;
    halfPeak: number | null;
    offPeak: number;
    saturday: number;
  }>;
}

/** TWD per account per month (按戶計收) by contract basis, null where the table has none. */
export interface AccountFigures {
  customerCharge: { demand: number | null; installed: number | null };
  /** 裝置契約, TWD per kW of installed capacity per month; null where the table has none. */
  installedCapacity: BySeason | null;
}

export interface CatalogFigures {
  kind: TaipowerKind;
  effectiveFrom: string;
  figures: TableFigures;
}

const HV_BASIC_3 = {
  regular: { summer: 223.6, nonSummer: 166.9 },
  second: { summer: 166.9, nonSummer: 166.9 },
  saturdayOffPeak: { summer: 44.7, nonSummer: 33.3 },
};
const EHV_BASIC_3 = {
  regular: { summer: 217.3, nonSummer: 160.6 },
  second: { summer: 160.6, nonSummer: 160.6 },
  saturdayOffPeak: { summer: 43.4, nonSummer: 32.1 },
};
const HV_BASIC_2 = {
  regular: { summer: 223.6, nonSummer: 166.9 },
  second: { summer: null, nonSummer: 166.9 },
  saturdayOffPeak: { summer: 44.7, nonSummer: 33.3 },
};
const EHV_BASIC_2 = {
  regular: { summer: 217.3, nonSummer: 160.6 },
  second: { summer: null, nonSummer: 160.6 },
  saturdayOffPeak: { summer: 43.4, nonSummer: 32.1 },
};

/** The 2025-10-01 table (T1), confirmed; the same figures carried back to 2024-10-16, unconfirmed. */
const TABLE_2025: Record<TaipowerKind, TableFigures> = {
  ...LV_TABLE_2025,
  // T1 第五章 四(二), p.27, high-voltage column.
  'hv-3stage': {
    basic: HV_BASIC_3,
    energy: {
      summer: { peak: 9.39, halfPeak: 5.85, offPeak: 2.53, saturday: 2.6 },
      nonSummer: { peak: null, halfPeak: 5.47, offPeak: 2.32, saturday: 2.41 },
    },
  },
  // T1 第五章 四(二), p.27, extra-high-voltage column.
  'ehv-3stage': {
    basic: EHV_BASIC_3,
    energy: {
      summer: { peak: 8.69, halfPeak: 5.38, offPeak: 2.4, saturday: 2.5 },
      nonSummer: { peak: null, halfPeak: 5.03, offPeak: 2.18, saturday: 2.31 },
    },
  },
  // T1 第五章 四(一), p.26, high-voltage column.
  'hv-2stage': {
    basic: HV_BASIC_2,
    energy: {
      summer: { peak: 6.75, halfPeak: null, offPeak: 2.71, saturday: 2.77 },
      nonSummer: { peak: 6.37, halfPeak: null, offPeak: 2.46, saturday: 2.54 },
    },
  },
  // T1 第五章 四(一), p.26, extra-high-voltage column.
  'ehv-2stage': {
    basic: EHV_BASIC_2,
    energy: {
      summer: { peak: 6.17, halfPeak: null, offPeak: 2.55, saturday: 2.73 },
      nonSummer: { peak: 5.79, halfPeak: null, offPeak: 2.28, saturday: 2.48 },
    },
  },
};

/**
 * 2024-04-01, high-voltage three-stage only: Wattboard's earlier default.
 * No Taipower table of that day was found; the energy figures have no
 * primary source, the basic charges equal the 2015 and 2025 tables'.
 */
const HV_3STAGE_2024_04_01: TableFigures = {
  basic: HV_BASIC_3,
  energy: {
    summer: { peak: 8.05, halfPeak: 5.02, offPeak: 2.18, saturday: 2.28 },
    nonSummer: { peak: null, halfPeak: 4.78, offPeak: 2.02, saturday: 2.12 },
  },
};

const versionOf = (effectiveFrom: string): CatalogFigures[] =>
  (Object.keys(TABLE_2025) as TaipowerKind[]).map((kind) => ({
    kind,
    effectiveFrom,
    figures: TABLE_2025[kind],
  }));

/**
 * Every kind × version the research holds figures for. Left out, for no
 * figure was found: 2024-04-01 extra-high-voltage three-stage, both
 * two-stage kinds and every low-voltage kind.
 */
export const CATALOG_FIGURES: CatalogFigures[] = [
  ...versionOf('2025-10-01'),
  ...versionOf('2024-10-16'),
  { kind: 'hv-3stage', effectiveFrom: '2024-04-01', figures: HV_3STAGE_2024_04_01 },
];
