import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium.ts';

export const DEMO = { email: 'demo@wattboard.local', password: 'wattboard-demo', username: 'demo' };
export const ADMIN = {
  email: 'admin@wattboard.local',
  password: 'wattboard-admin',
  username: 'Admin',
};

/** `extraArgs` adds Chromium flags, e.g. a --host-resolver-rules mapping a made-up name to loopback. */
export async function launchBrowser(
  executablePath: string,
  extraArgs: string[] = [],
): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/**
 * A fresh browser profile (its own local storage) that speaks English unless
 * told otherwise, with console errors collected so a test can assert none.
 */
export async function newPage(
  browser: Browser,
  options: { locale?: string; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: { width: 1280, height: 800 },
    // A test that routes requests blocks the service worker: requests the worker
    // handles bypass page.route.
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  // A first start stores 90 days of history while tests run; on 2 cores pages can be slow then.
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

export async function signIn(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
) {
  await page.goto(`${baseUrl}/dashboard/login`);
  await page.getByLabel('Account').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/dashboard/overview');
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
}

export async function storedSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    email: localStorage.getItem('email'),
    username: localStorage.getItem('username'),
    dtTokenExpire: localStorage.getItem('dtTokenExpire'),
  }));
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
