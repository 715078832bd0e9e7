import type { FastifyReply } from 'fastify';
import { csvStream } from '../files/csv-writer.ts';
import type { Cell, SheetLayout } from '../files/sheet-layout.ts';
import { contentDisposition } from './content-disposition.ts';

/** Streams a CSV (UTF-8 with BOM, CRLF) built page by page, as a download named `fileName`. */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  layout: SheetLayout,
  pages: AsyncIterable<Cell[][]>,
): FastifyReply {
  return reply
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .type('text/csv; charset=utf-8')
    .send(csvStream(layout, pages));
}

/** Maps every page of an async page source. */
export async function* mapPages<T>(
  pages: AsyncIterable<T[]>,
  cells: (item: T) => Cell[],
): AsyncGenerator<Cell[][]> {
  for await (const page of pages) yield page.map(cells);
}
