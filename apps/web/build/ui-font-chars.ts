// Which characters the product's own Chinese web font must hold, and the
// CSS unicode-range that names them. Pure: the build plugin (build/ui-font.ts)
// reads the files and writes the font.

/** Han ideographs, CJK punctuation, bopomofo and full-width forms: what a machine without a CJK font shows as boxes. */
const CJK =
  /[\u2e80-\u2fdf\u3000-\u303f\u3100-\u312f\u31a0-\u31bf\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/u;

/** The distinct CJK code points in `text`, ascending. */
export function cjkCodePoints(text: string): number[] {
  const found = new Set<number>();
  for (const char of text) {
    if (CJK.test(char)) found.add(char.codePointAt(0)!);
  }
  return [...found].sort((a, b) => a - b);
}

const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase()}`;

/**
 * A CSS unicode-range listing exactly `codePoints` (ascending, distinct), runs
 * of neighbours as one range: the browser fetches the face only for a
 * character it holds.
 */
export function unicodeRange(codePoints: readonly number[]): string {
  const parts: string[] = [];
  let start = -1;
  let end = -1;
  const flush = () => {
    if (start < 0) return;
    parts.push(start === end ? hex(start) : `${hex(start)}-${end.toString(16).toUpperCase()}`);
  };
  for (const codePoint of codePoints) {
    if (codePoint === end + 1) {
      end = codePoint;
      continue;
    }
    flush();
    start = end = codePoint;
  }
  flush();
  return parts.join(',');
}

/** Test files, fixtures and test fakes are never on screen: their characters stay out of the font. */
export function isShippedSource(file: string): boolean {
  return (
    /\.(tsx?|json)$/.test(file) &&
    !/\.test\.|fixtures?\b|[\\/]test[\\/]|(^|[\\/])testing[\\/]/.test(file)
  );
}
