// Builds the web client only when its output is missing or older than any of
// its inputs, so `npm start` after the first time starts in seconds.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/zone-time/src',
  'package-lock.json',
];
const OUTPUT = 'apps/web/dist/index.html';

function newestMtime(path: string): number {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    0,
  );
}

const builtAt = newestMtime(join(root, OUTPUT));
const changedAt = Math.max(...INPUTS.map((input) => newestMtime(join(root, input))));
if (builtAt > changedAt) {
  console.info('web client is up to date (apps/web/dist); skipping the build');
} else {
  const result = spawnSync('npm', ['run', 'build', '-w', '@wattboard/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}
