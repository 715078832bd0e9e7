import { HISTORY_REFUSALS_LISTED } from '@wattboard/contract';
import type { HistoryRefusal } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { NO_TOTALS, addChunk } from './import-totals';

const refusal = (row: number): HistoryRefusal => ({
  row,
  column: 'kWh',
  kind: 'badNumber',
  value: 'x',
  reason: 'kWh is not a number: "x"',
});

describe('addChunk', () => {
  it('sums the chunks and keeps the first refusals only', () => {
    const many = Array.from({ length: HISTORY_REFUSALS_LISTED }, (_, i) => refusal(i + 1));
    let totals = addChunk(NO_TOTALS, {
      rows: 150,
      accepted: 40,
      duplicates: 10,
      refusedCount: 100,
      refused: many.slice(0, 70),
    });
    totals = addChunk(totals, {
      rows: 5,
      accepted: 5,
      duplicates: 0,
      refusedCount: 300,
      refused: many.slice(70),
    });
    expect(totals).toMatchObject({ rows: 155, accepted: 45, duplicates: 10, refusedCount: 400 });
    expect(totals.refused).toEqual(many);
    expect(addChunk(totals, { refused: [refusal(999)] }).refused).toEqual(many);
  });
});
