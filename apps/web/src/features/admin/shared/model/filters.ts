/**
 * A filter form's values as request fields: blank texts are left out (no
 * filter), texts are trimmed, and numeric fields become numbers.
 */
export function compactFilters(
  values: Record<string, string>,
  numeric: readonly string[] = [],
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, raw] of Object.entries(values)) {
    const value = raw.trim();
    if (value === '') continue;
    out[key] = numeric.includes(key) ? Number(value) : value;
  }
  return out;
}

/** The saved file's name from Content-Disposition (UTF-8 `filename*` first), or the fallback. */
export function exportFileName(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(disposition)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1];
  // eslint-disable-next-line no-control-regex
  const cleaned = name?.replace(/[/\\\u0000-\u001f]/g, '_').trim();
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : fallback;
}
