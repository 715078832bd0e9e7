import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { cjkCodePoints, isShippedSource, unicodeRange } from './ui-font-chars';

// A control-room wall display or a Linux PC often has no CJK font, and then
// every Chinese string is a row of empty boxes. The client therefore ships its
// own subset of Noto Sans TC holding exactly the characters the product's own
// sources can put on screen (the strings, the server's texts, the seeded
// names), as two faces of one family:
// - "switch": the characters an English page shows (the language switch's
//   中文), a few hundred bytes;
// - "ui": everything else, fetched only when a Chinese page needs it.
// The family comes after the system's CJK fonts in --font-sans, and each face
// names its characters in unicode-range, so a browser fetches a face only for
// a character no installed font has: nothing on a machine with a CJK font.

export const UI_FONT_FAMILY = 'Wattboard UI TC';
export const UI_FONT_MODULE = 'virtual:ui-font.css';

const require = createRequire(import.meta.url);
const PACKAGE = '@fontsource/noto-sans-tc';
/** The package's Traditional Chinese file holds most characters; its numbered slices the rest (full-width punctuation). */
const MAIN_FILE = 'noto-sans-tc-chinese-traditional-400-normal.woff2';
const SLICES_CSS = '400.css';

export interface UiFontSources {
  /** Folders whose shipped files' CJK characters can reach the screen. */
  roots: string[];
  /** Files an English page draws CJK characters from. */
  englishFiles: string[];
}

async function shippedText(root: string): Promise<string> {
  const files = (await readdir(root, { recursive: true })).filter(isShippedSource);
  const texts = await Promise.all(files.map((file) => readFile(path.join(root, file), 'utf8')));
  return texts.join('\n');
}

/** The two audiences' characters: what English pages show, and the rest. */
export async function uiFontCharacters(sources: UiFontSources) {
  const all = cjkCodePoints((await Promise.all(sources.roots.map(shippedText))).join('\n'));
  const english = new Set(
    cjkCodePoints((await Promise.all(sources.englishFiles.map((f) => readFile(f, 'utf8')))).join()),
  );
  return {
    switch: all.filter((codePoint) => english.has(codePoint)),
    ui: all.filter((codePoint) => !english.has(codePoint)),
  };
}

async function harfbuzz() {
  const [{ default: subsetFont }, fontverter, hb] = await Promise.all([
    import('subset-font'),
    import('fontverter'),
    import('harfbuzzjs'),
  ]);
  const codePointsOf = async (woff2: Buffer) =>
    new Set(new hb.Face(new hb.Blob(await fontverter.convert(woff2, 'sfnt'))).collectUnicodes());
  return { subsetFont, fontverter, codePointsOf };
}

/** A WOFF2 subset of `source` holding `codePoints`; throws if the source lacks one of them. */
export async function subsetWoff2(source: Buffer, codePoints: number[]): Promise<Buffer> {
  const { subsetFont, codePointsOf } = await harfbuzz();
  const woff2 = await subsetFont(source, String.fromCodePoint(...codePoints), {
    targetFormat: 'woff2',
  });
  const held = await codePointsOf(woff2);
  const missing = codePoints.filter((codePoint) => !held.has(codePoint));
  if (missing.length > 0) {
    throw new Error(`the source font lacks ${String.fromCodePoint(...missing)}`);
  }
  return woff2;
}

/** The package's slices and the code points their CSS says each holds. */
export function sliceRanges(css: string): { file: string; ranges: [number, number][] }[] {
  const slices: { file: string; ranges: [number, number][] }[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !range) continue;
    const ranges = range.split(',').map((part): [number, number] => {
      const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
    });
    slices.push({ file, ranges });
  }
  return slices;
}

/** Which package file each code point comes from: the main file when it has it, else the first slice that does. */
export async function sourcesFor(codePoints: number[]): Promise<Map<string, number[]>> {
  const { codePointsOf } = await harfbuzz();
  const dir = path.dirname(require.resolve(`${PACKAGE}/files/${MAIN_FILE}`));
  const main = await codePointsOf(await readFile(path.join(dir, MAIN_FILE)));
  const slices = sliceRanges(await readFile(path.join(dir, '..', SLICES_CSS), 'utf8'));
  const bySource = new Map<string, number[]>();
  const missing: number[] = [];
  for (const codePoint of codePoints) {
    const file = main.has(codePoint)
      ? MAIN_FILE
      : slices.find((s) => s.ranges.some(([a, b]) => codePoint >= a && codePoint <= b))?.file;
    if (!file) missing.push(codePoint);
    else bySource.set(file, [...(bySource.get(file) ?? []), codePoint]);
  }
  if (missing.length > 0) {
    throw new Error(
      `${PACKAGE} lacks ${String.fromCodePoint(...missing)}: the UI font cannot show them`,
    );
  }
  return new Map([...bySource].map(([file, points]) => [path.join(dir, file), points]));
}

function fontFace(file: string, codePoints: number[]): string {
  return `@font-face {
  font-family: '${UI_FONT_FAMILY}';
  font-style: normal;
  font-weight: 400;
  font-display: swap;
  src: url('./${file}') format('woff2');
  unicode-range: ${unicodeRange(codePoints)};
}
`;
}

/** Writes the faces and their CSS into `cacheDir` (once per set of characters); returns the CSS file. */
async function writeUiFont(sources: UiFontSources, cacheDir: string): Promise<string> {
  const chars = await uiFontCharacters(sources);
  const key = createHash('sha256').update(JSON.stringify(chars)).digest('hex').slice(0, 12);
  const cssFile = path.join(cacheDir, `ui-font-${key}.css`);
  if (existsSync(cssFile)) return cssFile;
  await mkdir(cacheDir, { recursive: true });
  let css = '';
  for (const [audience, codePoints] of Object.entries(chars)) {
    let part = 0;
    for (const [source, points] of await sourcesFor(codePoints)) {
      const file = `ui-tc-${audience}-${part++}-${key}.woff2`;
      await writeFile(path.join(cacheDir, file), await subsetWoff2(await readFile(source), points));
      css += fontFace(file, points);
    }
  }
  await writeFile(cssFile, `/* ${UI_FONT_FAMILY}: made by build/ui-font.ts */\n${css}`);
  return cssFile;
}

/**
 * `import 'virtual:ui-font.css'` is the product's Chinese web font. Its files
 * are made when a build or the dev server starts; the test runner never
 * imports it (main.tsx does), so unit tests pay nothing.
 */
export function uiFont(sources: UiFontSources, cacheDir: string): Plugin {
  let cssFile: Promise<string> | undefined;
  return {
    name: 'wattboard-ui-font',
    resolveId(id) {
      if (id !== UI_FONT_MODULE) return null;
      cssFile ??= writeUiFont(sources, cacheDir);
      return cssFile;
    },
  };
}
