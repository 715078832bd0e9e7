import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/**
 * The system Chromium to drive (playwright-core never downloads a browser here).
 * Returns undefined when there is none, so a developer without one gets a clear
 * skip; in CI a missing browser is an error, never a silent pass.
 */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found && process.env.CI) {
    throw new Error('No Chromium found and CI is set: end-to-end tests must run in CI.');
  }
  return found;
}

export const SKIP_REASON =
  "no Chromium found: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH";

/** Flags that keep headless Chromium quiet on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
