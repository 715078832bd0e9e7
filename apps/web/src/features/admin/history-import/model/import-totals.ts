import { HISTORY_REFUSALS_LISTED } from '@wattboard/contract';
import type { HistoryRefusal } from '@wattboard/contract';

/** The import's running sums, and the first refusals (the server lists at most 100 a chunk). */
export interface ImportTotals {
  rows: number;
  accepted: number;
  duplicates: number;
  refusedCount: number;
  refused: HistoryRefusal[];
}

export const NO_TOTALS: ImportTotals = {
  rows: 0,
  accepted: 0,
  duplicates: 0,
  refusedCount: 0,
  refused: [],
};

export interface ChunkAnswer {
  rows?: number | undefined;
  accepted?: number | undefined;
  duplicates?: number | undefined;
  refusedCount?: number | undefined;
  refused?: HistoryRefusal[] | undefined;
}

/** The sums after one more chunk; the refusals kept are the file's first HISTORY_REFUSALS_LISTED. */
export function addChunk(totals: ImportTotals, answer: ChunkAnswer): ImportTotals {
  const refused = answer.refused ?? [];
  return {
    rows: totals.rows + (answer.rows ?? 0),
    accepted: totals.accepted + (answer.accepted ?? 0),
    duplicates: totals.duplicates + (answer.duplicates ?? 0),
    refusedCount: totals.refusedCount + (answer.refusedCount ?? refused.length),
    refused:
      totals.refused.length >= HISTORY_REFUSALS_LISTED
        ? totals.refused
        : [...totals.refused, ...refused].slice(0, HISTORY_REFUSALS_LISTED),
  };
}
