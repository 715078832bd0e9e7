// Client size budgets (docs/product/budgets.md), measured from the built files in apps/web/dist:
// - the login route: index.html's entry script, its modulepreloads and every
//   static import they pull in, gzip ≤ 150 KB;
// - each lazy page: its chunk plus the static imports the login route has not
//   already loaded (the bytes that page adds), gzip ≤ 150 KB.
// Gzip sizes are those of the precompressed .gz files the server sends when
// they exist, else the file gzipped here at level 9. Run after `npm run build`.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
export const LOGIN_BUDGET = 150 * KB;
export const PAGE_BUDGET = 150 * KB;
/** The product's own Chinese font (apps/web/build/ui-font.ts): fetched only for 中文 on a machine without a CJK font. */
export const FONT_BUDGET = 120 * KB;
const PAGES = [
  'ProtectedFrame',
  'OverviewPage',
  'MonitoringPointPage',
  'ControlPage',
  'ReportPage',
  'WastePage',
  'AdminPage',
];

const distDir = path.resolve(import.meta.dirname, '../apps/web/dist');
const assetsDir = path.join(distDir, 'assets');

function gzipSize(file: string): number {
  const gz = `${file}.gz`;
  return existsSync(gz)
    ? readFileSync(gz).length
    : gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Static imports of a built module (`import{..}from"./x.js"` and `import"./x.js"`). */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found = new Set<string>();
  const re = /(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) found.add(path.join(path.dirname(file), m[1]!));
  return [...found];
}

function closure(roots: string[], skip: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const stack = roots.filter((f) => !skip.has(f));
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file) || skip.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return seen;
}

const total = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gzipSize(f), 0);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export function measure() {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) =>
    path.join(distDir, m[1]!),
  );
  const login = closure(refs);
  const assets = readdirSync(assetsDir).filter((f) => f.endsWith('.js'));
  const pages = PAGES.map((name) => {
    const chunk = assets.find((f) => f.startsWith(`${name}-`));
    if (!chunk) throw new Error(`no built chunk for ${name} in ${assetsDir}`);
    const own = closure([path.join(assetsDir, chunk)], login);
    return { name, bytes: total(own), files: own.size };
  });
  // WOFF2 is compressed already: its bytes are what the browser receives.
  const fonts = readdirSync(assetsDir).filter((f) => f.endsWith('.woff2'));
  const fontBytes = fonts.reduce((sum, f) => sum + readFileSync(path.join(assetsDir, f)).length, 0);
  return {
    loginBytes: total(login),
    loginFiles: login.size,
    pages,
    fontBytes,
    fontFiles: fonts.length,
  };
}

if (import.meta.main) {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    console.error('apps/web/dist/index.html not found: run `npm run build` first');
    process.exit(2);
  }
  const { loginBytes, loginFiles, pages, fontBytes, fontFiles } = measure();
  let failed = false;
  const line = (label: string, bytes: number, files: number, budget: number, kind = 'gzip') => {
    const over = bytes > budget;
    failed ||= over;
    console.log(
      `${over ? 'OVER' : 'ok  '} ${label.padEnd(22)} ${kb(bytes).padStart(9)} ${kind} in ${files} files (budget ${kb(budget)})`,
    );
  };
  line('login route', loginBytes, loginFiles, LOGIN_BUDGET);
  for (const p of pages) line(`${p.name} (own)`, p.bytes, p.files, PAGE_BUDGET);
  line('Chinese UI font', fontBytes, fontFiles, FONT_BUDGET, 'woff2');
  if (failed) {
    console.error('client size budget exceeded (docs/product/budgets.md)');
    process.exit(1);
  }
}
