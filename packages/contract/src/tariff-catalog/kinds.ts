import type { ContractBasis } from '../tariff-account.ts';
import type { TariffStages } from '../tariff.ts';

/**
 * The Taipower tariffs the catalog can hold (docs/cost-taipower-tables.md):
 * high-voltage (高壓) and extra-high-voltage (特高壓) power, three-stage and
 * two-stage time-of-use, and low-voltage power (低壓電力, decision 0068):
 * three-stage and two-stage time-of-use and non-time-of-use, each two-stage
 * and non-time-of-use table with a demand (需量契約) and an installed-capacity
 * contract (裝置契約) as two kinds, for their charges differ.
 */
export const TAIPOWER_KINDS = [
  'hv-3stage',
  'ehv-3stage',
  'hv-2stage',
  'ehv-2stage',
  'lv-3stage',
  'lv-2stage',
  'lv-2stage-installed',
  'lv-flat',
  'lv-flat-installed',
] as const;
export type TaipowerKind = (typeof TAIPOWER_KINDS)[number];

export type TaipowerVoltage = 'high' | 'extraHigh' | 'low';

export interface KindShape {
  voltage: TaipowerVoltage;
  /** A flat (non-time-of-use) table is held against its contract as two-stage peak hours. */
  stages: TariffStages;
  timeOfUse: boolean;
  basis: ContractBasis;
  /** The research record's kind (docs/cost-taipower-tables.json) the figures come from. */
  researchKind: string;
}

const shape = (
  voltage: TaipowerVoltage,
  stages: TariffStages,
  researchKind: string,
  timeOfUse = true,
  basis: ContractBasis = 'demand',
): KindShape => ({ voltage, stages, timeOfUse, basis, researchKind });

export const KIND_SHAPE: Record<TaipowerKind, KindShape> = {
  'hv-3stage': shape('high', 'threeStage', 'hv-3stage'),
  'ehv-3stage': shape('extraHigh', 'threeStage', 'ehv-3stage'),
  'hv-2stage': shape('high', 'twoStage', 'hv-2stage'),
  'ehv-2stage': shape('extraHigh', 'twoStage', 'ehv-2stage'),
  'lv-3stage': shape('low', 'threeStage', 'lv-3stage'),
  'lv-2stage': shape('low', 'twoStage', 'lv-2stage'),
  'lv-2stage-installed': shape('low', 'twoStage', 'lv-2stage', true, 'installed'),
  'lv-flat': shape('low', 'twoStage', 'lv-flat', false),
  'lv-flat-installed': shape('low', 'twoStage', 'lv-flat', false, 'installed'),
};
