import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = join(import.meta.dirname, '..', 'src');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

// Headers and labels name units ("Net energy (kWh)", "淨用電量 (kWh)"); a case
// transform turns kWh into KWH and kvarh into KVARH, another unit's spelling
// (issue #23 item 8). Text is shown in the case the locale files write it.
describe('letter case of displayed text', () => {
  it('no style sheet changes the case of what the locale files write', () => {
    const offenders = cssFiles(SOURCE).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${relative(SOURCE, file)}:${index + 1}` }))
        .filter(({ line }) => /text-transform\s*:\s*(uppercase|lowercase|capitalize)/.test(line))
        .map(({ at }) => at),
    );
    expect(offenders).toEqual([]);
  });
});
