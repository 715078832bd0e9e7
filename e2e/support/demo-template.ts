import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, launchServer, productEnv } from './server-process.ts';

/** Where the global set-up (support/global-setup.ts) tells the test files its template is. */
export const TEMPLATE_ENV = 'WATTBOARD_E2E_TEMPLATE';

export interface DemoTemplate {
  /** A data directory after a first start and its whole backfill, the server stopped. */
  dataDir: string;
  /** The demo gateway's ingest key, printed only on that first start. */
  gatewayKey: string;
}

const GATEWAY_KEY = /"gatewayIngestKey":"([A-Za-z0-9_-]+)"/;
const BACKFILL_DONE = /simulator: history backfill done/;

/**
 * Runs a first start to the end of the simulator's 90-day backfill in `root`,
 * then stops the server. Each test file's product starts from a copy, so it
 * begins as a restart does (a catch-up of a few minutes) instead of spending a
 * core for ~50 s on the backfill while its tests run.
 */
export async function makeDemoTemplate(root: string): Promise<DemoTemplate> {
  const dataDir = join(root, 'data');
  await mkdir(dataDir, { recursive: true });
  const port = await freePort();
  const server = await launchServer(port, productEnv(port, dataDir, { LOG_LEVEL: 'info' }));
  try {
    const gatewayKey = (await server.printed(GATEWAY_KEY, 10_000))[1]!;
    await server.printed(BACKFILL_DONE, 240_000);
    await writeFile(join(root, 'gateway-key'), gatewayKey);
    return { dataDir, gatewayKey };
  } finally {
    await server.stop();
  }
}

let ownTemplate: Promise<DemoTemplate> | undefined;

/**
 * The run's template: the global set-up's, or (a file run on its own) one made
 * for this process and removed when it exits.
 */
export async function demoTemplate(): Promise<DemoTemplate> {
  const shared = process.env[TEMPLATE_ENV];
  if (shared) {
    const gatewayKey = (await readFile(join(shared, 'gateway-key'), 'utf8')).trim();
    return { dataDir: join(shared, 'data'), gatewayKey };
  }
  ownTemplate ??= mkdtemp(join(tmpdir(), 'wattboard-e2e-template-')).then((root) => {
    process.once('exit', () => rmSync(root, { recursive: true, force: true }));
    return makeDemoTemplate(root);
  });
  return ownTemplate;
}
