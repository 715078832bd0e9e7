import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Cell, SheetLayout } from './sheet-rows.ts';

/**
 * CSV for Excel in any language: UTF-8 with a BOM, CRLF lines, the header row
 * in the caller's language, numbers as JavaScript writes them (a dot, no
 * grouping), empty cells for null. Rows are pulled page by page from `pages`
 * only as fast as the reader takes them (stream backpressure), so memory
 * stays flat however long the range.
 */
export function csvStream(layout: SheetLayout, pages: AsyncIterable<Cell[][]>): Readable {
  async function* rows() {
    yield layout.headers;
    for await (const page of pages) for (const row of page) yield row;
  }
  const stringifier = stringify({
    bom: true,
    record_delimiter: 'windows',
    cast: { number: (value) => String(value) },
  });
  const source = Readable.from(rows(), { objectMode: true, highWaterMark: 256 });
  source.on('error', (error) => stringifier.destroy(error));
  return source.pipe(stringifier);
}
