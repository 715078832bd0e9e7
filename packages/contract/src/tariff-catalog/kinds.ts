import type { TariffStages } from '../tariff.ts';

/**
 * The Taipower tariffs the catalog can hold (docs/cost-taipower-tables.md):
 * high-voltage (高壓) and extra-high-voltage (特高壓) power, three-stage and
 * two-stage time-of-use. Low-voltage power (低壓電力) is not among them: its
 * per-account customer charge (按戶計收), its installed-capacity contract
 * (裝置契約) and its non-time-of-use energy are more than the tariff model
 * holds (docs/cost.md, "The tariff").
 */
export const TAIPOWER_KINDS = ['hv-3stage', 'ehv-3stage', 'hv-2stage', 'ehv-2stage'] as const;
export type TaipowerKind = (typeof TAIPOWER_KINDS)[number];

export type TaipowerVoltage = 'high' | 'extraHigh';

export const KIND_SHAPE: Record<TaipowerKind, { voltage: TaipowerVoltage; stages: TariffStages }> =
  {
    'hv-3stage': { voltage: 'high', stages: 'threeStage' },
    'ehv-3stage': { voltage: 'extraHigh', stages: 'threeStage' },
    'hv-2stage': { voltage: 'high', stages: 'twoStage' },
    'ehv-2stage': { voltage: 'extraHigh', stages: 'twoStage' },
  };
