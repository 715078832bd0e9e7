import type { KwhLine } from './bill-lines.ts';
import { NO_MAXIMA, type DemandPeriod, type PeriodMaxima } from './contract-capacity.ts';

/** One node's rollups in one rate segment (repo/segment-energy.ts segmentBillFigures). */
export interface SegmentFigures {
  kwh: number;
  maxKw: number | null;
  kwhForward: number;
  kvarh: number | null;
}

/** A node's figures over a billing period, folded from its segments. */
export interface FoldedBillFigures {
  /** Net kWh per segment (0 where none), aligned with the segments. */
  energy: number[];
  maxima: PeriodMaxima;
  /** The highest complete block and the start of the segment it is in; null without one. */
  peak: { kw: number; segmentStart: number } | null;
  /** Imported kWh and lagging kvarh (null unless every bucket had it); null without rows. */
  reactive: { kwh: number; kvarh: number | null } | null;
}

/** The demand period of each bill line: Saturday half-peak is held against its own contract. */
export const PERIOD_OF_LINE: Record<KwhLine, DemandPeriod> = {
  kwhPeak: 'peak',
  kwhHalfPeak: 'halfPeak',
  kwhSaturdayHalfPeak: 'saturdayHalfPeak',
  kwhOffPeak: 'offPeak',
};

/**
 * Folds a node's per-segment figures into what its bill needs: the energy per
 * segment, each time-of-use period's highest complete block (by the segment's
 * bill line), the period's highest block, and the power factor's kWh and kvarh.
 */
export function foldBillFigures(
  segments: readonly { from: number }[],
  lines: readonly (KwhLine | null)[],
  figures: readonly (SegmentFigures | undefined)[],
): FoldedBillFigures {
  const energy = segments.map(() => 0);
  const maxima = { ...NO_MAXIMA };
  let peak: FoldedBillFigures['peak'] = null;
  let reactive: FoldedBillFigures['reactive'] = null;
  figures.forEach((figure, i) => {
    if (!figure) return;
    energy[i] = figure.kwh;
    reactive = {
      kwh: (reactive?.kwh ?? 0) + figure.kwhForward,
      kvarh:
        reactive !== null && reactive.kvarh === null
          ? null
          : figure.kvarh === null
            ? null
            : (reactive?.kvarh ?? 0) + figure.kvarh,
    };
    const kw = figure.maxKw;
    if (kw === null) return;
    if (!peak || kw > peak.kw) peak = { kw, segmentStart: segments[i]!.from };
    const line = lines[i];
    if (!line) return;
    const period = PERIOD_OF_LINE[line];
    maxima[period] = Math.max(maxima[period] ?? kw, kw);
  });
  return { energy, maxima, peak, reactive };
}
