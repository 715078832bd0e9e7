import type { Page } from 'playwright-core';

/** Lets a page's answers land (the hub's socket does not count as network activity). */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.wb-loading, [aria-busy="true"]'));
  // A dialog fading in is measured at its final colours, not half transparent.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}
