/** One piece of a CSV file as the import sends it: the header line, then whole records. */
export interface FileChunk {
  /** The header line, a newline, then the records, one a line (LF). */
  csv: string;
  /** The file's row number of the first record (1 = the first row after the header). */
  firstRow: number;
  /** Records in this chunk. */
  rows: number;
  /** Bytes of the file up to and including this chunk's last record: the progress once it is sent. */
  bytesDone: number;
}

export interface ChunkOptions {
  /** Characters a chunk stays under (header included); well below HISTORY_CHUNK_MAX_CHARS. */
  maxChars?: number;
  /** Records at most in a chunk (a preview wants only the file's start). */
  maxRows?: number;
  /** Bytes read from the file at a time: a 100 MB file is never held whole. */
  sliceBytes?: number;
}

/** A record (with the header) longer than a chunk may be: the file cannot be sent in whole lines. */
export class RecordTooLongError extends Error {
  readonly row: number;
  constructor(row: number) {
    super(`row ${row} is longer than a chunk may be`);
    this.name = 'RecordTooLongError';
    this.row = row;
  }
}

export const DEFAULT_CHUNK_CHARS = 1_000_000;
const DEFAULT_SLICE_BYTES = 1 << 20;

/** UTF-8 bytes of a text, without encoding it (progress only). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    // A surrogate pair is one 4-byte character: 2 bytes for each half.
    else if (code >= 0xd800 && code <= 0xdfff) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

/** Double quotes in a line: an odd count leaves a quoted cell open, so the record goes on. */
function quotes(line: string): number {
  let count = 0;
  for (let at = line.indexOf('"'); at !== -1; at = line.indexOf('"', at + 1)) count++;
  return count;
}

/**
 * The file's records (CSV rows, a quoted cell may hold line breaks) as
 * decoded: UTF-8 read slice by slice with a streaming decoder, so a character
 * cut by a slice's end is whole in the next; the BOM is dropped, CRLF read as LF.
 * Each record comes with the bytes of the file read up to its end.
 */
async function* records(
  blob: Blob,
  sliceBytes: number,
): AsyncGenerator<{ text: string; bytesEnd: number }> {
  const decoder = new TextDecoder('utf-8');
  let rest = '';
  let record: string[] = [];
  let open = false;
  // A byte-order mark (Excel's "CSV UTF-8") is read, not decoded: TextDecoder drops it.
  let bytes = bomBytes(new Uint8Array(await blob.slice(0, 3).arrayBuffer()));
  const lineDone = (line: string) => {
    // The line's own bytes and its LF (a CR it ended with is in `line`).
    bytes += utf8Length(line) + 1;
    record.push(line.endsWith('\r') ? line.slice(0, -1) : line);
    open = quotes(line) % 2 === 1 ? !open : open;
    if (open) return null;
    const text = record.join('\n');
    record = [];
    return text;
  };
  for (let start = 0; start < blob.size; start += sliceBytes) {
    const buffer = await blob.slice(start, start + sliceBytes).arrayBuffer();
    const text = rest + decoder.decode(buffer, { stream: true });
    const lines = text.split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      const done = lineDone(line);
      if (done !== null) yield { text: done, bytesEnd: bytes };
    }
  }
  rest += decoder.decode();
  if (rest !== '' || record.length > 0) {
    // The last line has no LF after it: its bytes end the file.
    const done = lineDone(rest) ?? record.splice(0).join('\n');
    yield { text: done, bytesEnd: blob.size };
  }
}

function bomBytes(start: Uint8Array): number {
  return start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf ? 3 : 0;
}

/**
 * Cuts a CSV file into chunks the import sends one after another: each has
 * the header line first and whole records after it, stays under `maxChars`,
 * and says which file row it starts at. Empty lines are left out and not
 * counted, as the server skips them; a file with nothing under its header
 * gives no chunk.
 */
export async function* chunkFile(
  blob: Blob,
  {
    maxChars = DEFAULT_CHUNK_CHARS,
    maxRows = Infinity,
    sliceBytes = DEFAULT_SLICE_BYTES,
  }: ChunkOptions = {},
): AsyncGenerator<FileChunk> {
  let header: string | null = null;
  let lines: string[] = [];
  let chars = 0;
  let firstRow = 1;
  let row = 0;
  let bytesDone = 0;
  const chunk = (): FileChunk => ({
    csv: `${header}\n${lines.join('\n')}\n`,
    firstRow,
    rows: lines.length,
    bytesDone,
  });
  for await (const { text, bytesEnd } of records(blob, sliceBytes)) {
    if (text.trim() === '') continue;
    if (header === null) {
      header = text;
      chars = header.length + 1;
      continue;
    }
    row++;
    const size = text.length + 1;
    if (lines.length > 0 && (lines.length >= maxRows || chars + size >= maxChars)) {
      yield chunk();
      lines = [];
      chars = header.length + 1;
    }
    if (lines.length === 0) firstRow = row;
    if (chars + size >= maxChars) throw new RecordTooLongError(row);
    lines.push(text);
    chars += size;
    bytesDone = bytesEnd;
  }
  if (lines.length > 0) yield { ...chunk(), bytesDone: blob.size };
}

/** The first rows of a file (the header and up to `rows` records) for a preview; null if none. */
export async function fileStart(blob: Blob, rows = 200): Promise<FileChunk | null> {
  const chunks = chunkFile(blob, { maxRows: rows });
  const first = await chunks.next();
  // Stop reading: a preview needs only the start.
  await chunks.return(undefined);
  return first.done ? null : first.value;
}
