import { describe, expect, it } from 'vitest';
import { RecordTooLongError, chunkFile, fileStart, utf8Length } from './chunk-file';
import type { ChunkOptions, FileChunk } from './chunk-file';

const encoder = new TextEncoder();
const blobOf = (text: string | Uint8Array<ArrayBuffer>) =>
  new Blob([typeof text === 'string' ? encoder.encode(text) : text]);

async function all(blob: Blob, options?: ChunkOptions): Promise<FileChunk[]> {
  const chunks: FileChunk[] = [];
  for await (const chunk of chunkFile(blob, options)) chunks.push(chunk);
  return chunks;
}

/** The records a chunk carries, with their file row numbers. */
const numbered = (chunks: FileChunk[]) =>
  chunks.flatMap((chunk) =>
    chunk.csv
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line, i) => `${chunk.firstRow + i}:${line}`),
  );

const HEADER = 'time,serial,kwh';
const rows = (count: number) =>
  Array.from(
    { length: count },
    (_, i) => `2026-11-01 00:${String(i % 60).padStart(2, '0')},M${i + 1},${i}`,
  );

describe('chunkFile', () => {
  it('sends a small file as one chunk, header first, ending with the file', async () => {
    const text = `${HEADER}\n${rows(3).join('\n')}\n`;
    const chunks = await all(blobOf(text));
    expect(chunks).toEqual([{ csv: text, firstRow: 1, rows: 3, bytesDone: text.length }]);
  });

  it('drops a UTF-8 byte-order mark and reads CRLF as LF', async () => {
    const body = `時間,電表,度數\r\n2026-11-01 00:15,WB-M01,1.5\r\n2026-11-01 00:30,WB-M01,2\r\n`;
    const bytes = encoder.encode(`\uFEFF${body}`);
    const [chunk, ...more] = await all(blobOf(bytes));
    expect(more).toEqual([]);
    expect(chunk!.csv).toBe(
      '時間,電表,度數\n2026-11-01 00:15,WB-M01,1.5\n2026-11-01 00:30,WB-M01,2\n',
    );
    expect(chunk!.bytesDone).toBe(bytes.length);
  });

  it('keeps a 中文 character whole when a slice ends inside it', async () => {
    const text = `${HEADER}\n2026-11-01 00:15,一號電表,1\n2026-11-01 00:30,二號電表,2\n`;
    const bytes = encoder.encode(text);
    // Every slice size cuts some 3-byte character somewhere.
    for (const sliceBytes of [1, 2, 5, 17, 20, 21]) {
      const chunks = await all(blobOf(bytes), { sliceBytes });
      expect(chunks.map((c) => c.csv).join('')).toBe(text);
      expect(chunks.at(-1)!.bytesDone).toBe(bytes.length);
    }
  });

  it('skips empty lines without counting them, as the server does', async () => {
    const text = `\n${HEADER}\n\n2026-11-01 00:15,A,1\n   \n\n2026-11-01 00:30,A,2\n\n`;
    const chunks = await all(blobOf(text));
    expect(numbered(chunks)).toEqual(['1:2026-11-01 00:15,A,1', '2:2026-11-01 00:30,A,2']);
  });

  it('gives no chunk for an empty file or one with only its header', async () => {
    expect(await all(blobOf(''))).toEqual([]);
    expect(await all(blobOf(`${HEADER}\n`))).toEqual([]);
    expect(await all(blobOf(`\uFEFF${HEADER}`))).toEqual([]);
    expect(await fileStart(blobOf(`${HEADER}\r\n\r\n`))).toBeNull();
  });

  it('reads a last line without a line break', async () => {
    const chunks = await all(blobOf(`${HEADER}\n2026-11-01 00:15,A,1`));
    expect(chunks).toEqual([
      { csv: `${HEADER}\n2026-11-01 00:15,A,1\n`, firstRow: 1, rows: 1, bytesDone: 36 },
    ]);
  });

  it('cuts a long file into chunks under the limit, each with the header, numbered across chunks', async () => {
    const lines = rows(1000);
    const text = `${HEADER}\n${lines.join('\n')}\n`;
    const maxChars = 500;
    const chunks = await all(blobOf(text), { maxChars, sliceBytes: 333 });
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) {
      expect(chunk.csv.length).toBeLessThan(maxChars);
      expect(chunk.csv.startsWith(`${HEADER}\n`)).toBe(true);
      expect(chunk.csv.endsWith('\n')).toBe(true);
    }
    expect(numbered(chunks)).toEqual(lines.map((line, i) => `${i + 1}:${line}`));
    // Each chunk starts where the last one ended; progress only grows and ends at the size.
    chunks.slice(1).forEach((chunk, i) => {
      expect(chunk.firstRow).toBe(chunks[i]!.firstRow + chunks[i]!.rows);
      expect(chunk.bytesDone).toBeGreaterThan(chunks[i]!.bytesDone);
    });
    expect(chunks.at(-1)!.bytesDone).toBe(text.length);
  });

  it("reports the bytes up to a chunk's last record", async () => {
    const text = `${HEADER}\n1,A,1\n2,A,2\n3,A,3\n`;
    const chunks = await all(blobOf(text), { maxRows: 2 });
    expect(chunks.map((c) => [c.firstRow, c.rows, c.bytesDone])).toEqual([
      [1, 2, `${HEADER}\n1,A,1\n2,A,2\n`.length],
      [3, 1, text.length],
    ]);
  });

  it('keeps a quoted cell with a line break in one record', async () => {
    const text = `${HEADER},note\n1,A,1,"two\nlines"\n2,A,2,"say ""hi"""\n3,A,3,x\n`;
    const chunks = await all(blobOf(text), { maxRows: 1 });
    expect(chunks.map((c) => [c.firstRow, c.csv])).toEqual([
      [1, `${HEADER},note\n1,A,1,"two\nlines"\n`],
      [2, `${HEADER},note\n2,A,2,"say ""hi"""\n`],
      [3, `${HEADER},note\n3,A,3,x\n`],
    ]);
  });

  it('refuses a record longer than a chunk, naming its row', async () => {
    const text = `${HEADER}\n1,A,1\n2,A,${'9'.repeat(100)}\n`;
    await expect(all(blobOf(text), { maxChars: 60 })).rejects.toEqual(new RecordTooLongError(2));
  });
});

describe('fileStart', () => {
  it("is the file's first rows only", async () => {
    const text = `${HEADER}\n${rows(300).join('\n')}\n`;
    const start = await fileStart(blobOf(text), 200);
    expect(start).toMatchObject({ firstRow: 1, rows: 200 });
    expect(start!.csv.split('\n')).toHaveLength(202);
  });
});

describe('utf8Length', () => {
  it('counts bytes as UTF-8 encodes them', () => {
    for (const text of ['', 'abc', 'é', '電表', '😀', 'a\r\nb度']) {
      expect(utf8Length(text)).toBe(encoder.encode(text).length);
    }
  });
});
