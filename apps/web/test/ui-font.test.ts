// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Blob as HbBlob, Face } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { cjkCodePoints, isShippedSource, unicodeRange } from '../build/ui-font-chars';
import { sliceRanges, sourcesFor, subsetWoff2, uiFontCharacters } from '../build/ui-font';
import { convert } from 'fontverter';

const webDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.join(webDir, '../..');
const sourceFont = createRequire(import.meta.url).resolve(
  '@fontsource/noto-sans-tc/files/noto-sans-tc-chinese-traditional-400-normal.woff2',
);

describe('cjkCodePoints', () => {
  it('keeps each CJK character once, ascending, and nothing else', () => {
    const text = 'Overview 總覽，總覽！ kWh 新臺幣 (中文) é ①';
    expect(cjkCodePoints(text).map((c) => String.fromCodePoint(c))).toEqual([
      ...'中幣文新總臺覽！，',
    ]);
  });
  it('finds nothing in Latin text', () => {
    expect(cjkCodePoints('Air Compressor 1 — 12.3 kWh')).toEqual([]);
  });
});

describe('unicodeRange', () => {
  it('joins neighbours into ranges and keeps single points alone', () => {
    expect(unicodeRange([0x4e2d, 0x6587, 0x6588, 0x6589, 0x7e3d])).toBe(
      'U+4E2D,U+6587-6589,U+7E3D',
    );
  });
  it('is empty for no characters', () => {
    expect(unicodeRange([])).toBe('');
  });
});

describe('isShippedSource', () => {
  it('skips tests and fixtures, keeps sources and strings', () => {
    expect(isShippedSource('locales/zh-TW.json')).toBe(true);
    expect(isShippedSource('features/x/Card.tsx')).toBe(true);
    expect(isShippedSource('features/x/Card.test.tsx')).toBe(false);
    expect(isShippedSource('features/overview/components/overview-fixtures.ts')).toBe(false);
    expect(isShippedSource('testing/admin/admin-harness.tsx')).toBe(false);
    expect(isShippedSource('styles/base.css')).toBe(false);
  });
});

describe('the UI font', () => {
  it('holds every Chinese character of the strings, and the English face the language switch', async () => {
    const chars = await uiFontCharacters({
      roots: [path.join(webDir, 'src')],
      englishFiles: [path.join(webDir, 'src/locales/en.json')],
    });
    const zh = cjkCodePoints(await readFile(path.join(webDir, 'src/locales/zh-TW.json'), 'utf8'));
    const both = new Set([...chars.switch, ...chars.ui]);
    expect(zh.filter((c) => !both.has(c))).toEqual([]);
    expect(chars.switch.map((c) => String.fromCodePoint(c)).join('')).toContain('中');
    expect(chars.ui.some((c) => chars.switch.includes(c))).toBe(false);
  });

  it('subsets the source font to exactly the asked characters, as WOFF2', async () => {
    const source = await readFile(sourceFont);
    const asked = cjkCodePoints('電費總覽新臺幣萬元');
    const woff2 = await subsetWoff2(source, asked);
    expect(woff2.subarray(0, 4).toString('latin1')).toBe('wOF2');
    const face = new Face(new HbBlob(await convert(woff2, 'sfnt')));
    const held = [...face.collectUnicodes()].filter((c) => c > 0x2e80);
    expect(held.sort((a, b) => a - b)).toEqual(asked);
    // A few hundred bytes a character at most: the whole UI's ~600 stay near 100 KB.
    expect(woff2.length).toBeLessThan(asked.length * 400 + 4000);
  });

  it('refuses a character the source font lacks instead of shipping a box', async () => {
    const source = await readFile(sourceFont);
    // U+2FD5 (a Kangxi radical) is CJK by our rule but not in the Traditional Chinese subset.
    await expect(subsetWoff2(source, [0x4e2d, 0x2fd5])).rejects.toThrow(/lacks/);
  });

  it('reads the slices and the code points each holds from the package CSS', () => {
    const css = `@font-face { src: url(./files/a-7-400-normal.woff2) format('woff2'); unicode-range: U+ff04,U+ff26-ff2c; }
@font-face { src: url(./files/b-400-normal.woff2) format('woff2'); }`;
    expect(sliceRanges(css)).toEqual([
      {
        file: 'a-7-400-normal.woff2',
        ranges: [
          [0xff04, 0xff04],
          [0xff26, 0xff2c],
        ],
      },
    ]);
  });

  it('takes full-width punctuation from the slice that holds it, the ideographs from the main file', async () => {
    const bySource = await sourcesFor(cjkCodePoints('總覽（）：'));
    const names = [...bySource].map(([file, points]) => [
      path.basename(file),
      String.fromCodePoint(...points),
    ]);
    expect(names[0]).toEqual(['noto-sans-tc-chinese-traditional-400-normal.woff2', '總覽']);
    expect(
      names
        .slice(1)
        .map(([, chars]) => chars)
        .join(''),
    ).toHaveLength(3);
  });

  it('covers the server texts and seeded names a page shows', async () => {
    const chars = await uiFontCharacters({
      roots: ['apps/web/src', 'apps/server/src'].map((dir) => path.join(repoRoot, dir)),
      englishFiles: [],
    });
    const seeded = cjkCodePoints(
      await readFile(path.join(repoRoot, 'apps/server/src/modules/demo/demo-factory.ts'), 'utf8'),
    );
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.filter((c) => !chars.ui.includes(c))).toEqual([]);
  });
});
