/**
 * The file name of a Content-Disposition header: RFC 6266's UTF-8 `filename*`
 * (a meter's Chinese name survives) before the plain `filename`; null without one.
 */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    const value = extended[1].trim().replace(/^"(.*)"$/, '$1');
    const encoded = value.replace(/^[^']*'[^']*'/, '');
    try {
      return sanitizeFileName(decodeURIComponent(encoded));
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(disposition);
  if (!plain) return null;
  const name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '');
  return sanitizeFileName(name.trim());
}

/** No folders in a saved name: path separators and control characters become "_". */
export function sanitizeFileName(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[/\\\u0000-\u001f]/g, '_').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? null : cleaned;
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** 1,536 → "1.5 KB": the size received so far, for the export's progress. */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  const text = new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
  return `${text} ${UNITS[unit]}`;
}

/**
 * Readings exports up to this many days download in the page (progress in
 * bytes, cancel); longer ones (a month of a four-circuit meter is ~50 MB of
 * CSV, a year ~600 MB) go through a signed link the browser saves to disk.
 * Energy exports are small at any range (the server limits rows per interval).
 */
export const IN_PAGE_EXPORT_MAX_DAYS = 31;

export function exportsThroughLink(kind: 'readings' | 'energy', days: number): boolean {
  return kind === 'readings' && days > IN_PAGE_EXPORT_MAX_DAYS;
}
