// `node --test --test-global-setup=support/global-setup.ts`: one demo template
// (a first start and its backfill) for the whole run, removed at its end.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './chromium.ts';
import { makeDemoTemplate, TEMPLATE_ENV } from './demo-template.ts';

let root: string | undefined;

export async function globalSetup() {
  // Without Chromium every file skips (support/suite.ts): no product needed.
  if (!findChromium()) return;
  root = await mkdtemp(join(tmpdir(), 'wattboard-e2e-template-'));
  const started = performance.now();
  await makeDemoTemplate(root);
  process.env[TEMPLATE_ENV] = root;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`e2e: demo template (first start and backfill) ready in ${seconds} s`);
}

export async function globalTeardown() {
  if (root) await rm(root, { recursive: true, force: true });
}
