import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoTemplate } from './demo-template.ts';
import { freePort, launchServer, productEnv } from './server-process.ts';

export interface RunningProduct {
  baseUrl: string;
  dataDir: string;
  /** The demo gateway's ingest key (a fresh start prints it only with LOG_LEVEL info or lower). */
  gatewayKey: string | undefined;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Runs against the fresh data directory before the server starts (PGlite has one process at a time). */
  beforeStart?: (dataDir: string, env: NodeJS.ProcessEnv) => Promise<void>;
}

const GATEWAY_KEY_PATTERN = /"gatewayIngestKey":"([A-Za-z0-9_-]+)"/;

/**
 * A first start's data, or none: with the simulator on and nothing to run
 * before the start, a product begins from a copy of the demo template (the
 * first start and its backfill done once per run, support/demo-template.ts);
 * otherwise from an empty directory, as the README's first start does.
 */
async function prepareDataDir(dataDir: string, env: Record<string, string>, options: StartOptions) {
  if (options.beforeStart || env.SIMULATOR === 'off') return undefined;
  const template = await demoTemplate();
  await cp(template.dataDir, dataDir, { recursive: true });
  return template.gatewayKey;
}

/**
 * Starts the product the way the README does (the server serving the built
 * client), on a free port and its own embedded database with the demo data
 * seeded, so test files never see each other's changes.
 */
export async function startProduct(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningProduct> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'wattboard-e2e-'));
  const templateKey = await prepareDataDir(dataDir, env, options);
  const childEnv = productEnv(port, dataDir, env);
  await options.beforeStart?.(dataDir, childEnv);
  const server = await launchServer(port, childEnv);
  // A first start seeds, and prints the key, before it listens: read it now, before
  // the log's later lines push it out of the kept output.
  const gatewayKey = templateKey ?? GATEWAY_KEY_PATTERN.exec(server.output())?.[1];
  return {
    baseUrl: server.baseUrl,
    dataDir,
    gatewayKey,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
