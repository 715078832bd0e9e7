import { parse } from 'csv-parse/sync';
import type { HistoryMapping } from '@wattboard/contract';

export interface ParsedChunk {
  columns: string[];
  /** Data rows as arrays of cells, in file order. */
  records: string[][];
}

/**
 * One chunk of whole lines, the header first. csv-parse on a chunk (at most
 * HISTORY_CHUNK_MAX_CHARS) keeps memory bounded however large the file is;
 * ragged rows are kept so the mapper can say which column is missing.
 */
export function parseChunk(csv: string): ParsedChunk | { problem: string } {
  let rows: string[][];
  try {
    rows = parse(csv.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    return { problem: `the CSV does not parse: ${(error as Error).message.slice(0, 200)}` };
  }
  const [header, ...records] = rows;
  if (!header || header.every((cell) => cell === ''))
    return { problem: 'the CSV has no header row' };
  return { columns: header, records };
}

const GUESSES: Record<keyof HistoryMapping, RegExp> = {
  time: /^(time|timestamp|ts|date ?time|interval ?(end|start)|read ?time|時間)/i,
  serial: /^(serial|meter|meter ?serial|meter ?id|device|序號|電表)/i,
  kwh: /^(kwh|kwh ?forward|energy|kwh ?counter|usage|用電|度數)/i,
  kw: /^(kw|power|demand|需量|功率)$/i,
  voltage: /^(v|voltage|電壓)$/i,
  current: /^(i|a|current|電流)$/i,
  pf: /^(pf|power ?factor|功因)$/i,
  kvarh: /^(kvarh|kvarh ?lagging|reactive)/i,
};

/** The mapping a header suggests; null when it names no time or kWh column. */
export function guessMapping(columns: readonly string[]): HistoryMapping | null {
  const found: Partial<Record<keyof HistoryMapping, string>> = {};
  for (const [field, pattern] of Object.entries(GUESSES) as [keyof HistoryMapping, RegExp][]) {
    const hit = columns.find((name) => pattern.test(name.trim()));
    if (hit !== undefined) found[field] = hit;
  }
  if (found.time === undefined || found.kwh === undefined) return null;
  return { ...found, time: found.time, kwh: found.kwh };
}
