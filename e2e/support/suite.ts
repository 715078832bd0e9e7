import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { findChromium, SKIP_REASON } from './chromium.ts';
import { launchBrowser } from './browser.ts';
import { startProduct, type RunningProduct, type StartOptions } from './product.ts';

const chromiumPath = findChromium();

/** Options for `describe`: skipped with a how-to when this machine has no Chromium. */
export const needsBrowser = chromiumPath ? {} : { skip: SKIP_REASON };

/**
 * Starts the product and a browser once per test file and stops both after it.
 * Call inside a `describe` body; the returned getters are valid inside tests.
 */
export function useProductAndBrowser(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: StartOptions = {},
) {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  before(async () => {
    product = await startProduct(typeof env === 'function' ? env() : env, options);
    browser = await launchBrowser(chromiumPath!);
  });
  after(async () => {
    await browser?.close();
    await product?.stop();
  });
  return {
    baseUrl: () => product!.baseUrl,
    product: () => product!,
    browser: () => browser!,
  };
}
