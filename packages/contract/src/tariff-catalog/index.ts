import type { TariffDefinition } from '../tariff.ts';
import { basisOf, buildTariff, TARIFF_FIGURE_FIELDS } from './build.ts';
import { CATALOG_FIGURES } from './figures.ts';
import { taipowerIndustry } from './industries.ts';
import type { TaipowerKind } from './kinds.ts';
import { KIND_SHAPE, TAIPOWER_KINDS } from './kinds.ts';

export { TAIPOWER_KINDS } from './kinds.ts';
export { TAIPOWER_INDUSTRIES, taipowerIndustry } from './industries.ts';
export type { IndustryCoefficients } from './industries.ts';
export type { TaipowerKind } from './kinds.ts';

/**
 * Taipower's tariffs as tariff versions (issue #24), from the research record
 * docs/cost-taipower-tables.md: each kind × version it holds figures for, a
 * complete TariffDefinition a factory can start a version from.
 */
export interface TaipowerTariff {
  /** `${kind}@${effectiveFrom}`, e.g. hv-3stage@2025-10-01. */
  id: string;
  kind: TaipowerKind;
  /** The day the table's prices took effect. */
  effectiveFrom: string;
  /** Every figure read in Taipower's own table of that day. */
  confirmed: boolean;
  /**
   * The tariff's fields (TariffDefinition paths) whose figures no primary
   * source confirms; empty when confirmed.
   */
  unconfirmed: readonly string[];
  tariff: TariffDefinition;
}

export const TAIPOWER_TARIFFS: readonly TaipowerTariff[] = CATALOG_FIGURES.map((entry) => {
  const confirmed = basisOf(entry) === 'confirmed';
  return {
    id: `${entry.kind}@${entry.effectiveFrom}`,
    kind: entry.kind,
    effectiveFrom: entry.effectiveFrom,
    confirmed,
    // The 2024 versions: no table of their own was found, so every figure
    // (hours, seasons and off-peak days too) is unconfirmed; the per-account
    // charge only where a table has one (low voltage).
    unconfirmed: confirmed
      ? []
      : TARIFF_FIGURE_FIELDS.filter(
          (field) => field !== 'customerChargePerMonth' || KIND_SHAPE[entry.kind].voltage === 'low',
        ),
    tariff: buildTariff(entry),
  };
});

/**
 * The catalog in the order to offer it: confirmed first, then newest, then
 * by kind (high before extra-high voltage, three-stage before two-stage).
 */
export function taipowerTariffsInOrder(): TaipowerTariff[] {
  const kindRank = (kind: TaipowerKind) => TAIPOWER_KINDS.indexOf(kind);
  return [...TAIPOWER_TARIFFS].sort(
    (a, b) =>
      Number(b.confirmed) - Number(a.confirmed) ||
      b.effectiveFrom.localeCompare(a.effectiveFrom) ||
      kindRank(a.kind) - kindRank(b.kind),
  );
}

/** The catalog entry of an id, or undefined. */
export function taipowerTariff(id: string): TaipowerTariff | undefined {
  return TAIPOWER_TARIFFS.find((entry) => entry.id === id);
}

/**
 * The coefficient T1 附錄一 lists for an industry code in a table's column
 * (low-voltage power, or high and extra-high voltage); undefined when the
 * code is not listed.
 */
export function industryCoefficientFor(code: string, kind: TaipowerKind): number | undefined {
  const row = taipowerIndustry(code);
  if (!row) return undefined;
  return KIND_SHAPE[kind].voltage === 'low' ? row.lowVoltagePower : row.highVoltage;
}
