import type { YearFactor } from './calc/emission-factors.ts';

export interface PublishedFactor extends YearFactor {
  /** Where the figure was read, shown in Admin beside it (docs/carbon.md). */
  source: string;
  /** The same in Chinese (Admin shows the reader's language). */
  sourceZh: string;
}

const MOEA_2023 =
  'MOEA Energy Administration, electricity emission factors 2017–2023 (announced 2024-04-26; ' +
  'as reported by Business Today, 2024-04-26)';
const MOEA_2023_ZH =
  '經濟部能源署 2017–2023 年電力排碳係數（2024-04-26 公布；據今周刊 2024-04-26 報導）';

/**
 * Taiwan's grid emission factors (電力排碳係數, kg CO2e/kWh) as the Ministry of
 * Economic Affairs publishes them, one per year of use; a new factory starts
 * with these and its Admin adds each year's as it is published. 2024's figure
 * is the product's earlier single default, which no source we could read
 * confirms: its source says so (docs/carbon.md).
 */
export const PUBLISHED_FACTORS: readonly PublishedFactor[] = [
  { year: 2017, kgPerKwh: 0.554, source: MOEA_2023, sourceZh: MOEA_2023_ZH },
  { year: 2018, kgPerKwh: 0.533, source: MOEA_2023, sourceZh: MOEA_2023_ZH },
  { year: 2019, kgPerKwh: 0.509, source: MOEA_2023, sourceZh: MOEA_2023_ZH },
  { year: 2020, kgPerKwh: 0.502, source: MOEA_2023, sourceZh: MOEA_2023_ZH },
  { year: 2021, kgPerKwh: 0.509, source: MOEA_2023, sourceZh: MOEA_2023_ZH },
  { year: 2022, kgPerKwh: 0.495, source: MOEA_2023, sourceZh: MOEA_2023_ZH },
  { year: 2023, kgPerKwh: 0.494, source: MOEA_2023, sourceZh: MOEA_2023_ZH },
  {
    year: 2024,
    kgPerKwh: 0.474,
    source:
      'Unconfirmed: the earlier single default of this product; check the Energy ' +
      "Administration's announcement of 2024's factor and correct it here",
    sourceZh: '未確認：本產品先前的單一預設值；請查核能源署公告的 2024 年係數並在此更正',
  },
];
