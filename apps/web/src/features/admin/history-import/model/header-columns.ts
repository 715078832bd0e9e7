/**
 * The column names of a CSV header line, as the server reads them (quoted
 * cells unquoted, "" inside quotes a quote, cells trimmed). Used only when the
 * server could not preview (a one-meter file before its meter is chosen), so
 * the mapping can still be set.
 */
export function headerColumns(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells.filter((name) => name !== '');
}
